// The profile's Services tab: the host's services (title, minutes, price in diamonds). The host
// lists and removes them; anyone else books one at a time they pick, after seeing the price and the
// balance after (the price is held until the session ends).
import { bookingLimits, bookingTexts, type ServiceDto } from '@murmur/contracts/booking';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiCallError, newIdempotencyKey } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { useBalance } from '../../api/me.ts';
import { localToIso, when } from '../../booking/bookingWords.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { TextField } from '../../components/Field.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import styles from '../Booking/Booking.module.css';
import { BalanceAfter } from '../../components/BalanceAfter.tsx';

const failure = (e: unknown) => (e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.');

function ServiceForm({ uid }: { uid: string }) {
  const [title, setTitle] = useState('');
  const [minutes, setMinutes] = useState<number>(30);
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.booking.listService({ title, minutes, price: Number(price) }, { quiet: true, idempotencyKey: newIdempotencyKey() });
      toast('Service listed.', 'success');
      setTitle('');
      setPrice('');
      await refreshQueries(api.booking.services.path({ uid }));
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.form} data-testid="service-form">
      <TextField
        id="service-title"
        label="Service"
        placeholder="e.g. Voice coaching"
        value={title}
        maxLength={bookingLimits.titleMax}
        onChange={(e) => setTitle(e.target.value)}
      />
      <label className={styles.dim}>
        Session
        <select
          className={styles.select}
          value={minutes}
          onChange={(e) => setMinutes(Number(e.target.value))}
          data-testid="service-minutes"
          aria-label="Session length"
        >
          {bookingLimits.sessionMinutes.map((m) => (
            <option key={m} value={m}>
              {m} minutes
            </option>
          ))}
        </select>
      </label>
      <TextField id="service-price" label="Price (diamonds)" inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} />
      <Button busy={busy} onClick={() => void save()} data-testid="save-service">
        Add service
      </Button>
      {error ? (
        <p className={styles.error} role="alert" data-testid="service-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function BookDialog({ service, hostName, onClose }: { service: ServiceDto; hostName: string; onClose(): void }) {
  const [startsAt, setStartsAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const { diamonds } = useBalance();
  const book = async () => {
    const iso = localToIso(startsAt);
    if (!iso) {
      setError(bookingTexts.startsAt);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await api.booking.book(
        { hostUid: service.hostUid, serviceId: service.serviceId, startsAt: iso },
        { quiet: true, idempotencyKey: key },
      );
      toast(`Booked ${service.title} with ${hostName}: ${when(res.startsAt, res.endsAt)}.`, 'success', 'Booking');
      setKey(newIdempotencyKey());
      onClose();
      await refreshQueries('/booking/', '/wallet/');
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };
  const after = diamonds === undefined ? null : diamonds - service.price;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      size="sm"
      testId="book-dialog"
      title={`Book ${service.title}`}
      description={`${service.minutes} minutes with ${hostName} in a private room. The price is held from your wallet and paid when the session ends; cancel more than 1 hour before the start to get it back.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button busy={busy} onClick={() => void book()} data-testid="confirm-booking">
            Book · {service.price.toLocaleString()} 💎
          </Button>
        </>
      }
    >
      <TextField
        id="booking-start"
        label="Start"
        type="datetime-local"
        value={startsAt}
        onChange={(e) => setStartsAt(e.target.value)}
        data-testid="booking-start"
      />
      <dl className={styles.sums}>
        <dt>Price</dt>
        <dd>{service.price.toLocaleString()} 💎</dd>
        <BalanceAfter after={after} testId="booking-balance-after" shortClassName={styles.short} />
      </dl>
      {error ? (
        <p className={styles.error} role="alert" data-testid="booking-error">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

export function ServicesTab({ uid, own, hostName }: { uid: string; own: boolean; hostName: string }) {
  const { data } = useQuery(api.booking.services.path({ uid }));
  const [booking, setBooking] = useState<ServiceDto | null>(null);
  const remove = async (serviceId: string) => {
    try {
      await api.booking.removeService({ serviceId }, { quiet: true });
      await refreshQueries(api.booking.services.path({ uid }));
    } catch (e) {
      toast(failure(e), 'error');
    }
  };
  const items = data?.items ?? [];
  return (
    <div>
      {own ? <ServiceForm uid={uid} /> : null}
      {items.length === 0 ? (
        <EmptyState icon="🛎️" title="No services yet">
          {own ? 'List what you offer: a title, a session of 15, 30 or 60 minutes and a price in diamonds.' : null}
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {items.map((s) => (
            <li key={s.serviceId} className={styles.card} data-testid="service">
              <div className={styles.row}>
                <p className={styles.title}>{s.title}</p>
                <span className={styles.dim}>{s.minutes} min</span>
                <span className={styles.spacer} />
                <strong>{s.price.toLocaleString()} 💎</strong>
                {own ? (
                  <Button size="sm" variant="ghost" onClick={() => void remove(s.serviceId)}>
                    Remove
                  </Button>
                ) : (
                  <Button size="sm" onClick={() => setBooking(s)} data-testid="book-service">
                    Book
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {own ? (
        <p className={styles.dim}>
          <Link to="/booking">Your bookings →</Link>
        </p>
      ) : null}
      {booking ? <BookDialog service={booking} hostName={hostName} onClose={() => setBooking(null)} /> : null}
    </div>
  );
}
