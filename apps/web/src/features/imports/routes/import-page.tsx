import { IMPORT_PAGE_SIZE, importApiMessages, ZImportIdParams } from '@lending/domain';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../../api/client';
import { SectionLoader } from '../../../components/loading-or-failed';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { showingRange } from '../../../lib/paging';
import { useImport } from '../api/get-import';
import { useImports } from '../api/list-imports';
import { ImportWizard } from '../components/import-wizard';
import { RecentImports } from '../components/recent-imports';

export const IMPORT_LOAD_FAILED = 'Failed to load the import';
export const IMPORTS_LOAD_FAILED = 'Failed to load the recent imports';
export const NO_IMPORTS = 'No imports yet';

/** The imports uploaded so far, newest first, to resume one (its page in the address bar). */
const RecentImportsSection = () => {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked > 1 ? asked : 1;
  const list = useImports(page);
  const data = list.isError ? undefined : list.data;
  const imports = data?.imports ?? [];
  const empty =
    imports.length > 0
      ? null
      : list.isPending
        ? 'Loading the imports...'
        : list.isError
          ? errorMessage(list.error, IMPORTS_LOAD_FAILED)
          : NO_IMPORTS;
  return (
    <Stack gap="sm" component="section" aria-labelledby="recent-imports-title">
      <Title order={2} fz="h4" id="recent-imports-title">
        Recent imports
      </Title>
      <RecentImports imports={imports} empty={empty} />
      <Text size="sm" c="dimmed" data-testid="recent-imports-summary">
        {showingRange(page, IMPORT_PAGE_SIZE, data?.total ?? 0)}
      </Text>
      <Pager
        page={page}
        totalPages={data?.totalPages ?? 0}
        onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
      />
    </Stack>
  );
};

/**
 * Import (/admin/import, admin and superadmin): a lender's old book brought in from spreadsheets,
 * step by step. /admin/import/:id resumes one import where it stands.
 */
export const ImportPage = () => {
  const params = useParams();
  const hasId = params.id !== undefined;
  const parsed = ZImportIdParams.safeParse(params);
  const id = hasId && parsed.success ? parsed.data.id : null;
  const item = useImport(id);
  const navigate = useNavigate();
  const location = useLocation();
  const arrived = (location.state as { uploaded?: boolean } | null)?.uploaded === true;
  const notFound = hasId && (id === null || (isApiError(item.error) && item.error.status === 404));

  const body = () => {
    if (notFound)
      return (
        <Alert color="orange" title={importApiMessages.notFound} data-testid="import-not-found">
          <Anchor component={Link} to="/admin/import">
            Start a new import
          </Anchor>
        </Alert>
      );
    if (hasId && item.data === undefined)
      return item.isError ? (
        <Text c="red">{errorMessage(item.error, IMPORT_LOAD_FAILED)}</Text>
      ) : (
        <SectionLoader label="Loading the import" />
      );
    return (
      <ImportWizard
        key={id ?? 'new'}
        item={item.data ?? null}
        focusFirst={arrived}
        onUploaded={(newId) => void navigate(`/admin/import/${newId}`, { state: { uploaded: true } })}
      />
    );
  };

  return (
    <Stack gap="md" data-testid="page-import">
      <PageHeader
        testId="import-title"
        title="Import"
        subtitle="Bring your agents, customers, loans and collections in from spreadsheets"
        align="flex-end"
      >
        <Group gap="xs" wrap="wrap">
          {hasId ? (
            <Button component={Link} to="/admin/import" variant="default">
              New import
            </Button>
          ) : null}
          <Button
            component={Link}
            to="/admin/import/to-match"
            variant="light"
            leftSection={<IconListSearch size={16} />}
          >
            Collections to match
          </Button>
        </Group>
      </PageHeader>
      {body()}
      {hasId ? null : <RecentImportsSection />}
    </Stack>
  );
};
