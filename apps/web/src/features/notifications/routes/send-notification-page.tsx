import { PageTitle } from '../../../components/page-title';

/** Send Notification — built by a later issue; until then only its title shows. */
export const SendNotificationPage = () => (
  <PageTitle testId="page-send-notification" title="Send Notification" />
);
