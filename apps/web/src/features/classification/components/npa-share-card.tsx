import { Anchor, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../lib/format';
import { useClassificationSummary } from '../api/get-summary';

/** The card's title. */
export const NPA_CARD_TITLE = 'NPA % of outstanding principal';
/** The card before any close. */
export const NO_CLOSE_YET = 'No day-end close yet';
/** The card when its figures could not be loaded. */
export const NPA_SUMMARY_FAILED = 'Not available';

/** The register narrowed to NPA loans. */
export const NPA_REGISTER_LINK = '/admin/classification?loanClass=npa';

/** The dashboard's card: the latest close's NPA share of the book, opening the NPA register. */
export const NpaShareCard = () => {
  const summary = useClassificationSummary();
  const data = summary.data;
  return (
    <Paper withBorder p="md" radius="md" h="100%" data-testid="npa-share-card">
      <Text size="xs" c="gray" tt="uppercase" fw={600}>
        {NPA_CARD_TITLE}
      </Text>
      {data === undefined ? (
        <Text size="sm" c={summary.isError ? 'red' : 'gray'} mt={4}>
          {summary.isError ? NPA_SUMMARY_FAILED : 'Loading…'}
        </Text>
      ) : data.asOf === null ? (
        <Text size="sm" mt={4} data-testid="npa-share-none">
          {NO_CLOSE_YET}
        </Text>
      ) : (
        <>
          <Text fw={700} fz="xl" c={data.npaShare > 0 ? 'red' : undefined}>
            <Anchor
              component={Link}
              to={NPA_REGISTER_LINK}
              inherit
              c="inherit"
              underline="hover"
              aria-label={`${data.npaShare}%: open the NPA register`}
            >
              {`${data.npaShare}%`}
            </Anchor>
          </Text>
          <Text size="sm" data-testid="npa-share-amounts">
            {`${formatMoney(data.npaOutstanding)} NPA of ${formatMoney(data.outstanding)} outstanding`}
          </Text>
          <Text size="xs" c="gray" data-testid="npa-share-as-of">
            {`As of ${formatDate(data.asOf)}`}
          </Text>
        </>
      )}
    </Paper>
  );
};
