import { PageTitle } from '../../../components/page-title';

/** Role Management — built by a later issue; until then only its title shows. */
export const RolesPage = () => <PageTitle testId="page-roles" title="Role Management" />;
