// /booking: the caller's bookings as buyer and as host, coming ones first, each with its status,
// the room when it is open, and cancel while it may be cancelled (the hold comes back).
import type { BookingDto } from '@murmur/contracts/booking';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { statusLabels, when } from '../../booking/bookingWords.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import styles from './Booking.module.css';

type Role = 'all' | 'buyer' | 'host';

function BookingCard({ b }: { b: BookingDto }) {
  const [busy, setBusy] = useState(false);
  const other = b.role === 'buyer' ? b.host : b.buyer;
  const cancel = async () => {
    setBusy(true);
    try {
      const res = await api.booking.cancel({ id: b.bookingId }, { quiet: true });
      toast(
        b.role === 'buyer'
          ? `Booking cancelled. ${b.price.toLocaleString()} 💎 are back in your wallet (balance ${res.balance.toLocaleString()} 💎).`
          : 'Booking cancelled. The buyer gets the diamonds back.',
        'success',
      );
      await refreshQueries('/booking/', '/wallet/');
    } catch (e) {
      toast(e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={styles.card} data-testid="booking" data-status={b.status}>
      <div className={styles.row}>
        <Avatar name={other.username} src={other.profilePicUrl} frame={other.appearance?.frameId ?? null} size={36} />
        <div>
          <p className={styles.title}>{b.title}</p>
          <span className={styles.dim}>{b.role === 'buyer' ? `with ${other.username}` : `booked by ${other.username}`}</span>
        </div>
        <span className={styles.spacer} />
        <span className={styles.status} data-status={b.status} data-testid="booking-status">
          {statusLabels[b.status]}
        </span>
      </div>
      <div className={styles.row}>
        <span className={styles.dim}>
          {when(b.startsAt, b.endsAt)} · {b.minutes} min
        </span>
        <span className={styles.spacer} />
        <strong>{b.role === 'host' && b.charm !== null ? `+${b.charm.toLocaleString()} charm` : `${b.price.toLocaleString()} 💎`}</strong>
      </div>
      <div className={styles.row}>
        {b.status === 'live' || b.status === 'completed' ? (
          <Link to={`/booking/${encodeURIComponent(b.bookingId)}`} data-testid="open-session">
            {b.status === 'live' ? 'Enter the room →' : 'Session details →'}
          </Link>
        ) : null}
        <span className={styles.spacer} />
        {b.cancellable ? (
          <Button size="sm" variant="danger" busy={busy} onClick={() => void cancel()} data-testid="cancel-booking">
            Cancel booking
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export default function BookingPage() {
  const [role, setRole] = useState<Role>('all');
  // Sessions open and end on the server's clock: the list looks again every few seconds.
  const { data, isLoading } = useQuery(api.booking.mine.path({ role, limit: 50 }), { refreshInterval: 3000 });
  const items = data?.items ?? [];
  return (
    <div>
      <PageHeader
        title="Booking"
        subtitle="Sessions you booked and sessions booked with you."
        actions={<Link to="/extension-history">Extension history</Link>}
      />
      <Tabs
        variant="pill"
        value={role}
        onValueChange={(v) => setRole(v as Role)}
        items={(['all', 'buyer', 'host'] as Role[]).map((r) => ({
          value: r,
          label: r === 'all' ? 'All' : r === 'buyer' ? 'I booked' : 'Booked with me',
          content: isLoading ? (
            <PageLoading />
          ) : items.length === 0 ? (
            <EmptyState icon="📅" title="No bookings yet">
              Book a host's service from the Services tab of their profile.
            </EmptyState>
          ) : (
            <ul className={styles.list}>
              {items.map((b) => (
                <BookingCard key={b.bookingId} b={b} />
              ))}
            </ul>
          ),
        }))}
      />
    </div>
  );
}
