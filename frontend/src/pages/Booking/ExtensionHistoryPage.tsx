// /extension-history: every extension of the caller's booked sessions, as buyer or host, newest first.
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useQuery } from '../../state/query.ts';
import styles from './Booking.module.css';
import { api } from '../../api/api.generated.ts';

export default function ExtensionHistoryPage() {
  const { data, isLoading } = useQuery(api.booking.extensions.path({ limit: 50 }));
  const items = data?.items ?? [];
  return (
    <div>
      <PageHeader
        title="Extension history"
        subtitle="Extra time added to your private sessions."
        actions={<Link to="/booking">Bookings</Link>}
      />
      {isLoading ? (
        <PageLoading />
      ) : items.length === 0 ? (
        <EmptyState icon="🕘" title="No extensions yet">
          A guest can extend a session while its room is open.
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {items.map((x) => (
            <li key={x.extensionId} className={styles.card} data-testid="extension">
              <div className={styles.row}>
                <p className={styles.title}>{x.title}</p>
                <span className={styles.dim}>{x.role === 'buyer' ? `with ${x.host.username}` : `for ${x.buyer.username}`}</span>
                <span className={styles.spacer} />
                <strong>
                  +{x.minutes} min · {x.price.toLocaleString()} 💎
                </strong>
              </div>
              <span className={styles.dim}>
                {new Date(x.extendedAt).toLocaleString()} · now ends{' '}
                {new Date(x.endsAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })} ·{' '}
                <Link to={`/booking/${encodeURIComponent(x.bookingId)}`}>session</Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
