// /notifications: the notifications centre's history, newest first, 10 a page; opening it marks
// what it shows as read.
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Pager } from '../../components/Pager.tsx';
import { NotificationList } from '../../notifications/NotificationList.tsx';
import { useNotificationsPage } from '../../notifications/useNotificationsPage.ts';

export default function NotificationsPage() {
  const { page, setPage, data, isLoading, seenUnread } = useNotificationsPage();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 760 }}>
      <PageHeader title="Notifications" subtitle="Gifts, followers, messages, payments and rewards, in one place." />
      {isLoading && !data ? <PageLoading /> : null}
      {data && data.items.length === 0 ? (
        <EmptyState icon="🔔" title="Nothing yet">
          Gifts you receive, new followers, messages, payments and rewards show up here.
        </EmptyState>
      ) : null}
      {data && data.items.length > 0 ? <NotificationList items={data.items} unreadIds={seenUnread} /> : null}
      {data ? <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} /> : null}
    </div>
  );
}
