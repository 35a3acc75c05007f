// The event store's schema. Migrations are numbered, applied once each, under an advisory lock
// so that several processes starting together do not race.
import type pg from 'pg';
import { backfillMoneyChains } from './money-chain-backfill.ts';
import { streamHeadsMigration } from './stream-heads-migration.ts';

export interface Migration {
  id: string;
  sql: string;
  /** Work SQL cannot do alone (hashing canonical JSON), run after `sql` in the same transaction. */
  run?: (client: pg.PoolClient) => Promise<void>;
}

const eventStoreMigrations: Migration[] = [
  {
    id: 'eventstore-001-tables',
    sql: `
      create table streams (
        stream_id text primary key,
        version bigint not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );

      create table events (
        global_position bigint generated always as identity primary key,
        stream_id text not null,
        stream_version bigint not null,
        type text not null,
        schema_version int not null default 1,
        data jsonb not null,
        metadata jsonb not null default '{}',
        transaction_id xid8 not null default pg_current_xact_id(),
        created_at timestamptz not null default now(),
        unique (stream_id, stream_version)
      );
      create index events_tx_position on events (transaction_id, global_position);

      create table idempotency_keys (
        key text primary key,
        stream_id text not null,
        first_position bigint not null,
        last_position bigint not null,
        next_version bigint not null,
        created_at timestamptz not null default now()
      );

      create table subscription_checkpoints (
        name text primary key,
        transaction_id xid8 not null,
        global_position bigint not null,
        updated_at timestamptz not null default now()
      );

      -- The log is append-only: nothing updates or deletes an event.
      create function events_are_immutable() returns trigger language plpgsql as $$
      begin
        raise exception 'events are append-only' using errcode = 'ES403';
      end $$;
      create trigger events_no_update before update or delete on events
        for each row execute function events_are_immutable();
      create trigger events_no_truncate before truncate on events
        for each statement execute function events_are_immutable();
    `,
  },
  {
    id: 'eventstore-002-append-function',
    // One round trip per append: the whole check-insert-bump runs inside one function call.
    // p_expected: null = any, 0 = no stream, n = the stream must be at version n. The common
    // append is ONE event: it goes in as a plain VALUES row instead of unnesting arrays.
    sql: `
      create function append_events(
        p_stream text, p_expected bigint, p_types text[], p_schema_versions int[],
        p_data jsonb[], p_metadata jsonb[], p_key text
      ) returns table (first_position bigint, last_position bigint, next_version bigint, duplicate boolean)
      language plpgsql as $$
      declare
        n int := cardinality(p_types);
        v_next bigint;
        v_actual bigint;
        v_first bigint;
        v_last bigint;
      begin
        if p_key is not null then
          insert into idempotency_keys (key, stream_id, first_position, last_position, next_version)
            values (p_key, p_stream, 0, 0, 0) on conflict (key) do nothing;
          if not found then
            return query select k.first_position, k.last_position, k.next_version, true
              from idempotency_keys k where k.key = p_key;
            return;
          end if;
        end if;

        if p_expected is null then
          insert into streams as s (stream_id, version) values (p_stream, n)
            on conflict (stream_id) do update set version = s.version + n, updated_at = now()
            returning s.version into v_next;
        elsif p_expected = 0 then
          insert into streams (stream_id, version) values (p_stream, n)
            on conflict (stream_id) do nothing
            returning version into v_next;
        else
          update streams set version = p_expected + n, updated_at = now()
            where stream_id = p_stream and version = p_expected
            returning version into v_next;
        end if;

        if v_next is null then
          select version into v_actual from streams where stream_id = p_stream;
          raise exception 'wrong expected version' using errcode = 'ES409',
            detail = coalesce(v_actual::text, 'none');
        end if;

        if n = 1 then
          insert into events (stream_id, stream_version, type, schema_version, data, metadata)
            values (p_stream, v_next, p_types[1], p_schema_versions[1], p_data[1], p_metadata[1])
            returning global_position into v_first;
          v_last := v_first;
        else
          with inserted as (
            insert into events (stream_id, stream_version, type, schema_version, data, metadata)
            select p_stream, v_next - n + i.ord, i.type, i.sv, i.data, i.meta
              from unnest(p_types, p_schema_versions, p_data, p_metadata)
                with ordinality as i(type, sv, data, meta, ord)
              order by i.ord
            returning global_position
          )
          select min(global_position), max(global_position) into v_first, v_last from inserted;
        end if;

        if p_key is not null then
          update idempotency_keys set first_position = v_first, last_position = v_last, next_version = v_next
            where key = p_key;
        end if;

        first_position := v_first;
        last_position := v_last;
        next_version := v_next;
        duplicate := false;
        return next;
      end $$;
    `,
  },
  {
    id: 'eventstore-003-append-batch',
    // Several callers' appends in one round trip and one commit (the store's group commit, when
    // appends arrive while earlier ones are in flight). Each item is decided as append_events
    // decides it, in the order given, but a wrong expected version is an answer for that item
    // (conflict, with the actual version) rather than an error: the other items still commit.
    // Nothing of a conflicting item is written (its key's placeholder is removed again).
    // append_events becomes a batch of one, so the append's rules live in this function only.
    sql: `
      create function append_batch(
        p_streams text[], p_expected bigint[], p_keys text[], p_counts int[],
        p_types text[], p_schema_versions int[], p_data jsonb[], p_metadata jsonb[]
      ) returns table (item int, first_position bigint, last_position bigint, next_version bigint, duplicate boolean, conflict boolean, actual_version bigint)
      language plpgsql as $$
      declare
        i int;
        n int;
        o int := 0;
        v_stream text;
        v_expected bigint;
        v_key text;
        v_next bigint;
        v_first bigint;
        v_last bigint;
      begin
        for i in 1 .. cardinality(p_streams) loop
          n := p_counts[i];
          v_stream := p_streams[i];
          v_expected := p_expected[i];
          v_key := p_keys[i];
          v_next := null;
          item := i;
          if v_key is not null then
            insert into idempotency_keys (key, stream_id, first_position, last_position, next_version)
              values (v_key, v_stream, 0, 0, 0) on conflict (key) do nothing;
            if not found then
              return query select i, k.first_position, k.last_position, k.next_version, true, false, null::bigint
                from idempotency_keys k where k.key = v_key;
              o := o + n;
              continue;
            end if;
          end if;

          if v_expected is null then
            insert into streams as s (stream_id, version) values (v_stream, n)
              on conflict (stream_id) do update set version = s.version + n, updated_at = now()
              returning s.version into v_next;
          elsif v_expected = 0 then
            insert into streams (stream_id, version) values (v_stream, n)
              on conflict (stream_id) do nothing
              returning version into v_next;
          else
            update streams set version = v_expected + n, updated_at = now()
              where stream_id = v_stream and version = v_expected
              returning version into v_next;
          end if;

          if v_next is null then
            if v_key is not null then
              delete from idempotency_keys where key = v_key;
            end if;
            first_position := null; last_position := null; next_version := null;
            duplicate := false; conflict := true;
            select version into actual_version from streams where stream_id = v_stream;
            return next;
            o := o + n;
            continue;
          end if;

          if n = 1 then
            insert into events (stream_id, stream_version, type, schema_version, data, metadata)
              values (v_stream, v_next, p_types[o + 1], p_schema_versions[o + 1], p_data[o + 1], p_metadata[o + 1])
              returning global_position into v_first;
            v_last := v_first;
          else
            with inserted as (
              insert into events (stream_id, stream_version, type, schema_version, data, metadata)
              select v_stream, v_next - n + x.ord, x.type, x.sv, x.data, x.meta
                from unnest(p_types[o + 1 : o + n], p_schema_versions[o + 1 : o + n], p_data[o + 1 : o + n], p_metadata[o + 1 : o + n])
                  with ordinality as x(type, sv, data, meta, ord)
                order by x.ord
              returning global_position
            )
            select min(global_position), max(global_position) into v_first, v_last from inserted;
          end if;

          if v_key is not null then
            update idempotency_keys set first_position = v_first, last_position = v_last, next_version = v_next
              where key = v_key;
          end if;
          first_position := v_first; last_position := v_last; next_version := v_next;
          duplicate := false; conflict := false; actual_version := null;
          return next;
          o := o + n;
        end loop;
      end $$;

      -- One append is a batch of one: the rules above are written once. A clash raises ES409 as
      -- before, so an append inside a caller's transaction still rolls the transaction back.
      create or replace function append_events(
        p_stream text, p_expected bigint, p_types text[], p_schema_versions int[],
        p_data jsonb[], p_metadata jsonb[], p_key text
      ) returns table (first_position bigint, last_position bigint, next_version bigint, duplicate boolean)
      language plpgsql as $$
      declare
        r record;
      begin
        select * into r from append_batch(array[p_stream], array[p_expected], array[p_key], array[cardinality(p_types)],
                                          p_types, p_schema_versions, p_data, p_metadata);
        if r.conflict then
          raise exception 'wrong expected version' using errcode = 'ES409', detail = coalesce(r.actual_version::text, 'none');
        end if;
        first_position := r.first_position;
        last_position := r.last_position;
        next_version := r.next_version;
        duplicate := r.duplicate;
        return next;
      end $$;
    `,
  },
  {
    id: 'eventstore-004-money-chains',
    // Money streams are hash-chained (docs/decisions/ledger-proof.md). p_digests carries, per event,
    // the SHA-256 of its data's canonical JSON (computed by the store) or null for a stream that is
    // not chained; the hash is linked here, after the stream's row is locked by the version bump, so
    // two appends racing on one stream read the previous hash one after the other. A chained stream
    // refuses an append without digests, and an unchained one an append with them.
    sql: `
      alter table events add column prev_hash text, add column hash text,
        add constraint events_chain_pair check ((prev_hash is null) = (hash is null));

      -- Streams whose events before the chain existed were chained afterwards, by the backfill below.
      create table money_chain_backfills (
        stream_id text primary key,
        chained_through_version bigint not null,
        chained_at timestamptz not null default now()
      );

      drop function append_events(text, bigint, text[], int[], jsonb[], jsonb[], text);
      drop function append_batch(text[], bigint[], text[], int[], text[], int[], jsonb[], jsonb[]);

      create function append_batch(
        p_streams text[], p_expected bigint[], p_keys text[], p_counts int[],
        p_types text[], p_schema_versions int[], p_data jsonb[], p_metadata jsonb[], p_digests text[]
      ) returns table (item int, first_position bigint, last_position bigint, next_version bigint, duplicate boolean, conflict boolean, actual_version bigint)
      language plpgsql as $$
      declare
        i int;
        k int;
        n int;
        o int := 0;
        v_stream text;
        v_expected bigint;
        v_key text;
        v_next bigint;
        v_first bigint;
        v_last bigint;
        v_prev text;
        v_hash text;
        v_pos bigint;
      begin
        for i in 1 .. cardinality(p_streams) loop
          n := p_counts[i];
          v_stream := p_streams[i];
          v_expected := p_expected[i];
          v_key := p_keys[i];
          v_next := null;
          item := i;
          if v_key is not null then
            insert into idempotency_keys (key, stream_id, first_position, last_position, next_version)
              values (v_key, v_stream, 0, 0, 0) on conflict (key) do nothing;
            if not found then
              return query select i, k.first_position, k.last_position, k.next_version, true, false, null::bigint
                from idempotency_keys k where k.key = v_key;
              o := o + n;
              continue;
            end if;
          end if;

          if v_expected is null then
            insert into streams as s (stream_id, version) values (v_stream, n)
              on conflict (stream_id) do update set version = s.version + n, updated_at = now()
              returning s.version into v_next;
          elsif v_expected = 0 then
            insert into streams (stream_id, version) values (v_stream, n)
              on conflict (stream_id) do nothing
              returning version into v_next;
          else
            update streams set version = v_expected + n, updated_at = now()
              where stream_id = v_stream and version = v_expected
              returning version into v_next;
          end if;

          if v_next is null then
            if v_key is not null then
              delete from idempotency_keys where key = v_key;
            end if;
            first_position := null; last_position := null; next_version := null;
            duplicate := false; conflict := true;
            select version into actual_version from streams where stream_id = v_stream;
            return next;
            o := o + n;
            continue;
          end if;

          -- The stream's row is locked from here to the commit: its previous event is final.
          v_prev := null;
          if v_next > n then
            select e.hash into v_prev from events e where e.stream_id = v_stream and e.stream_version = v_next - n;
          end if;

          if p_digests[o + 1] is not null then
            if v_next > n and v_prev is null then
              raise exception 'stream % is not hash-chained', v_stream using errcode = 'ES422';
            end if;
            v_prev := coalesce(v_prev, repeat('0', 64));
            for k in 1 .. n loop
              v_hash := encode(sha256(convert_to(
                v_stream || E'\n' || (v_next - n + k)::text || E'\n' || p_types[o + k] || E'\n' || p_digests[o + k] || E'\n' || v_prev, 'UTF8')), 'hex');
              insert into events (stream_id, stream_version, type, schema_version, data, metadata, prev_hash, hash)
                values (v_stream, v_next - n + k, p_types[o + k], p_schema_versions[o + k], p_data[o + k], p_metadata[o + k], v_prev, v_hash)
                returning global_position into v_pos;
              if k = 1 then v_first := v_pos; end if;
              v_last := v_pos;
              v_prev := v_hash;
            end loop;
          else
            if v_prev is not null then
              raise exception 'stream % is hash-chained: an append must carry its digests', v_stream using errcode = 'ES422';
            end if;
            if n = 1 then
              insert into events (stream_id, stream_version, type, schema_version, data, metadata)
                values (v_stream, v_next, p_types[o + 1], p_schema_versions[o + 1], p_data[o + 1], p_metadata[o + 1])
                returning global_position into v_first;
              v_last := v_first;
            else
              with inserted as (
                insert into events (stream_id, stream_version, type, schema_version, data, metadata)
                select v_stream, v_next - n + x.ord, x.type, x.sv, x.data, x.meta
                  from unnest(p_types[o + 1 : o + n], p_schema_versions[o + 1 : o + n], p_data[o + 1 : o + n], p_metadata[o + 1 : o + n])
                    with ordinality as x(type, sv, data, meta, ord)
                  order by x.ord
                returning global_position
              )
              select min(global_position), max(global_position) into v_first, v_last from inserted;
            end if;
          end if;

          if v_key is not null then
            update idempotency_keys set first_position = v_first, last_position = v_last, next_version = v_next
              where key = v_key;
          end if;
          first_position := v_first; last_position := v_last; next_version := v_next;
          duplicate := false; conflict := false; actual_version := null;
          return next;
          o := o + n;
        end loop;
      end $$;

      -- One append is a batch of one (a clash raises ES409, rolling a caller's transaction back).
      create function append_events(
        p_stream text, p_expected bigint, p_types text[], p_schema_versions int[],
        p_data jsonb[], p_metadata jsonb[], p_key text, p_digests text[] default null
      ) returns table (first_position bigint, last_position bigint, next_version bigint, duplicate boolean)
      language plpgsql as $$
      declare
        r record;
      begin
        select * into r from append_batch(array[p_stream], array[p_expected], array[p_key], array[cardinality(p_types)],
                                          p_types, p_schema_versions, p_data, p_metadata,
                                          coalesce(p_digests, array_fill(null::text, array[cardinality(p_types)])));
        if r.conflict then
          raise exception 'wrong expected version' using errcode = 'ES409', detail = coalesce(r.actual_version::text, 'none');
        end if;
        first_position := r.first_position;
        last_position := r.last_position;
        next_version := r.next_version;
        duplicate := r.duplicate;
        return next;
      end $$;
    `,
    run: backfillMoneyChains,
  },
  {
    id: 'eventstore-005-append-json-arrays',
    // The same rules as migration 004, cheaper per event (docs/decisions/foundation.md): the events'
    // data and metadata come as ONE jsonb array each (the store joins the JSON texts it already has,
    // with no array-literal escaping on either side), rows are taken by index rather than by
    // unnesting slices, and a chained stream's hashes are linked in a loop first, then its events go
    // in as one INSERT like any others. The jsonb[] signature stays, as a wrapper, for a process
    // still running the previous store.
    sql: `
      create function append_batch(
        p_streams text[], p_expected bigint[], p_keys text[], p_counts int[],
        p_types text[], p_schema_versions int[], p_data jsonb, p_metadata jsonb, p_digests text[]
      ) returns table (item int, first_position bigint, last_position bigint, next_version bigint, duplicate boolean, conflict boolean, actual_version bigint)
      language plpgsql as $$
      declare
        i int;
        k int;
        n int;
        o int := 0;
        v_stream text;
        v_expected bigint;
        v_key text;
        v_next bigint;
        v_first bigint;
        v_last bigint;
        v_prev text;
        v_prevs text[];
        v_hashes text[];
      begin
        for i in 1 .. cardinality(p_streams) loop
          n := p_counts[i];
          v_stream := p_streams[i];
          v_expected := p_expected[i];
          v_key := p_keys[i];
          v_next := null;
          item := i;
          if v_key is not null then
            insert into idempotency_keys (key, stream_id, first_position, last_position, next_version)
              values (v_key, v_stream, 0, 0, 0) on conflict (key) do nothing;
            if not found then
              return query select i, k.first_position, k.last_position, k.next_version, true, false, null::bigint
                from idempotency_keys k where k.key = v_key;
              o := o + n;
              continue;
            end if;
          end if;

          if v_expected is null then
            insert into streams as s (stream_id, version) values (v_stream, n)
              on conflict (stream_id) do update set version = s.version + n, updated_at = now()
              returning s.version into v_next;
          elsif v_expected = 0 then
            insert into streams (stream_id, version) values (v_stream, n)
              on conflict (stream_id) do nothing
              returning version into v_next;
          else
            update streams set version = v_expected + n, updated_at = now()
              where stream_id = v_stream and version = v_expected
              returning version into v_next;
          end if;

          if v_next is null then
            if v_key is not null then
              delete from idempotency_keys where key = v_key;
            end if;
            first_position := null; last_position := null; next_version := null;
            duplicate := false; conflict := true;
            select version into actual_version from streams where stream_id = v_stream;
            return next;
            o := o + n;
            continue;
          end if;

          -- The stream's row is locked from here to the commit: its previous event is final.
          v_prev := null;
          if v_next > n then
            select e.hash into v_prev from events e where e.stream_id = v_stream and e.stream_version = v_next - n;
          end if;

          v_prevs := null;
          v_hashes := null;
          if p_digests[o + 1] is not null then
            if v_next > n and v_prev is null then
              raise exception 'stream % is not hash-chained', v_stream using errcode = 'ES422';
            end if;
            v_prev := coalesce(v_prev, repeat('0', 64));
            v_prevs := array[]::text[];
            v_hashes := array[]::text[];
            for k in 1 .. n loop
              v_prevs[k] := v_prev;
              v_prev := encode(sha256(convert_to(
                v_stream || E'\n' || (v_next - n + k)::text || E'\n' || p_types[o + k] || E'\n' || p_digests[o + k] || E'\n' || v_prev, 'UTF8')), 'hex');
              v_hashes[k] := v_prev;
            end loop;
          elsif v_prev is not null then
            raise exception 'stream % is hash-chained: an append must carry its digests', v_stream using errcode = 'ES422';
          end if;

          if n = 1 then
            insert into events (stream_id, stream_version, type, schema_version, data, metadata, prev_hash, hash)
              values (v_stream, v_next, p_types[o + 1], p_schema_versions[o + 1], p_data -> o, p_metadata -> o, v_prevs[1], v_hashes[1])
              returning global_position into v_first;
            v_last := v_first;
          else
            with inserted as (
              insert into events (stream_id, stream_version, type, schema_version, data, metadata, prev_hash, hash)
              select v_stream, v_next - n + x.k, p_types[o + x.k], p_schema_versions[o + x.k],
                     p_data -> (o + x.k - 1), p_metadata -> (o + x.k - 1), v_prevs[x.k], v_hashes[x.k]
                from generate_series(1, n) as x(k)
                order by x.k
              returning global_position
            )
            select min(global_position), max(global_position) into v_first, v_last from inserted;
          end if;

          if v_key is not null then
            update idempotency_keys set first_position = v_first, last_position = v_last, next_version = v_next
              where key = v_key;
          end if;
          first_position := v_first; last_position := v_last; next_version := v_next;
          duplicate := false; conflict := false; actual_version := null;
          return next;
          o := o + n;
        end loop;
      end $$;

      create or replace function append_batch(
        p_streams text[], p_expected bigint[], p_keys text[], p_counts int[],
        p_types text[], p_schema_versions int[], p_data jsonb[], p_metadata jsonb[], p_digests text[]
      ) returns table (item int, first_position bigint, last_position bigint, next_version bigint, duplicate boolean, conflict boolean, actual_version bigint)
      language sql as $$
        select * from append_batch(p_streams, p_expected, p_keys, p_counts, p_types, p_schema_versions,
                                   to_jsonb(p_data), to_jsonb(p_metadata), p_digests)
      $$;

      -- One append is a batch of one (a clash raises ES409, rolling a caller's transaction back).
      create or replace function append_events(
        p_stream text, p_expected bigint, p_types text[], p_schema_versions int[],
        p_data jsonb[], p_metadata jsonb[], p_key text, p_digests text[] default null
      ) returns table (first_position bigint, last_position bigint, next_version bigint, duplicate boolean)
      language plpgsql as $$
      declare
        r record;
      begin
        select * into r from append_batch(array[p_stream], array[p_expected], array[p_key], array[cardinality(p_types)],
                                          p_types, p_schema_versions, to_jsonb(p_data), to_jsonb(p_metadata),
                                          coalesce(p_digests, array_fill(null::text, array[cardinality(p_types)])));
        if r.conflict then
          raise exception 'wrong expected version' using errcode = 'ES409', detail = coalesce(r.actual_version::text, 'none');
        end if;
        first_position := r.first_position;
        last_position := r.last_position;
        next_version := r.next_version;
        duplicate := r.duplicate;
        return next;
      end $$;
    `,
  },
  {
    id: 'eventstore-006-money-chain-bytea',
    // The same chains and the same hash definition (docs/decisions/ledger-proof.md), cheaper per
    // event: `prev_hash` and `hash` are stored as their 32 bytes (readers encode them as hex), and
    // the store sends each append's data digests as ONE bytea of 32 bytes per event (or null for an
    // unchained stream) rather than one hex text per event. The link is still computed here, after
    // the stream's row is locked, from the stored previous hash. ALTER ... TYPE rewrites the table
    // without firing the append-only row trigger. The per-event text[] signature stays, as a wrapper,
    // for a process still running the previous store.
    sql: `
      alter table events
        alter column prev_hash type bytea using decode(prev_hash, 'hex'),
        alter column hash type bytea using decode(hash, 'hex');

      create function append_batch(
        p_streams text[], p_expected bigint[], p_keys text[], p_counts int[],
        p_types text[], p_schema_versions int[], p_data jsonb, p_metadata jsonb, p_digests bytea[]
      ) returns table (item int, first_position bigint, last_position bigint, next_version bigint, duplicate boolean, conflict boolean, actual_version bigint)
      language plpgsql as $$
      declare
        i int;
        k int;
        n int;
        o int := 0;
        v_stream text;
        v_expected bigint;
        v_key text;
        v_next bigint;
        v_first bigint;
        v_last bigint;
        v_prev bytea;
        v_digests bytea;
        v_head text;
        v_prevs bytea[];
        v_hashes bytea[];
      begin
        for i in 1 .. cardinality(p_streams) loop
          n := p_counts[i];
          v_stream := p_streams[i];
          v_expected := p_expected[i];
          v_key := p_keys[i];
          v_next := null;
          item := i;
          if v_key is not null then
            insert into idempotency_keys (key, stream_id, first_position, last_position, next_version)
              values (v_key, v_stream, 0, 0, 0) on conflict (key) do nothing;
            if not found then
              return query select i, k.first_position, k.last_position, k.next_version, true, false, null::bigint
                from idempotency_keys k where k.key = v_key;
              o := o + n;
              continue;
            end if;
          end if;

          if v_expected is null then
            insert into streams as s (stream_id, version) values (v_stream, n)
              on conflict (stream_id) do update set version = s.version + n, updated_at = now()
              returning s.version into v_next;
          elsif v_expected = 0 then
            insert into streams (stream_id, version) values (v_stream, n)
              on conflict (stream_id) do nothing
              returning version into v_next;
          else
            update streams set version = v_expected + n, updated_at = now()
              where stream_id = v_stream and version = v_expected
              returning version into v_next;
          end if;

          if v_next is null then
            if v_key is not null then
              delete from idempotency_keys where key = v_key;
            end if;
            first_position := null; last_position := null; next_version := null;
            duplicate := false; conflict := true;
            select version into actual_version from streams where stream_id = v_stream;
            return next;
            o := o + n;
            continue;
          end if;

          -- The stream's row is locked from here to the commit: its previous event is final.
          v_prev := null;
          if v_next > n then
            select e.hash into v_prev from events e where e.stream_id = v_stream and e.stream_version = v_next - n;
          end if;

          v_prevs := null;
          v_hashes := null;
          if p_digests[i] is not null then
            if v_next > n and v_prev is null then
              raise exception 'stream % is not hash-chained', v_stream using errcode = 'ES422';
            end if;
            if octet_length(p_digests[i]) <> 32 * n then
              raise exception 'stream %: an append of % events needs % digest bytes', v_stream, n, 32 * n using errcode = 'ES422';
            end if;
            -- The hash's input is text (stream, version, type, data digest and previous hash in hex,
            -- one per line). Each digest is cut from the bytes: substr of a long text counts
            -- characters from its start, 50 us a call at a hundred events.
            v_digests := p_digests[i];
            v_head := v_stream || E'\n';
            v_prev := coalesce(v_prev, '\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea);
            v_prevs := array[]::bytea[];
            v_hashes := array[]::bytea[];
            for k in 1 .. n loop
              v_prevs[k] := v_prev;
              v_prev := sha256(convert_to(v_head || (v_next - n + k)::text || E'\n' || p_types[o + k] || E'\n'
                                          || encode(substring(v_digests from 32 * k - 31 for 32), 'hex') || E'\n' || encode(v_prev, 'hex'), 'UTF8'));
              v_hashes[k] := v_prev;
            end loop;
          elsif v_prev is not null then
            raise exception 'stream % is hash-chained: an append must carry its digests', v_stream using errcode = 'ES422';
          end if;

          if n = 1 then
            insert into events (stream_id, stream_version, type, schema_version, data, metadata, prev_hash, hash)
              values (v_stream, v_next, p_types[o + 1], p_schema_versions[o + 1], p_data -> o, p_metadata -> o, v_prevs[1], v_hashes[1])
              returning global_position into v_first;
            v_last := v_first;
          else
            with inserted as (
              insert into events (stream_id, stream_version, type, schema_version, data, metadata, prev_hash, hash)
              select v_stream, v_next - n + x.k, p_types[o + x.k], p_schema_versions[o + x.k],
                     p_data -> (o + x.k - 1), p_metadata -> (o + x.k - 1), v_prevs[x.k], v_hashes[x.k]
                from generate_series(1, n) as x(k)
                order by x.k
              returning global_position
            )
            select min(global_position), max(global_position) into v_first, v_last from inserted;
          end if;

          if v_key is not null then
            update idempotency_keys set first_position = v_first, last_position = v_last, next_version = v_next
              where key = v_key;
          end if;
          first_position := v_first; last_position := v_last; next_version := v_next;
          duplicate := false; conflict := false; actual_version := null;
          return next;
          o := o + n;
        end loop;
      end $$;

      -- The previous store's call: one hex digest per event (null on an unchained stream), made into
      -- one bytea per append; an append whose first event has no digest goes as unchained, as before.
      create or replace function append_batch(
        p_streams text[], p_expected bigint[], p_keys text[], p_counts int[],
        p_types text[], p_schema_versions int[], p_data jsonb, p_metadata jsonb, p_digests text[]
      ) returns table (item int, first_position bigint, last_position bigint, next_version bigint, duplicate boolean, conflict boolean, actual_version bigint)
      language sql as $$
        select b.* from append_batch(p_streams, p_expected, p_keys, p_counts, p_types, p_schema_versions, p_data, p_metadata,
          array(select case when p_digests[c.start + 1] is null then null
                            else decode(array_to_string(p_digests[c.start + 1 : c.start + c.n], ''), 'hex') end
                  from (select x.n, x.i, (coalesce(sum(x.n) over (order by x.i rows between unbounded preceding and 1 preceding), 0))::int as start
                          from unnest(p_counts) with ordinality as x(n, i)) c
                 order by c.i)) b
      $$;
    `,
  },
  {
    id: 'eventstore-007-chained-streams-flag-one-digest-bytea',
    // The same chains, hash definition and rules as migration 006 (docs/decisions/ledger-proof.md),
    // cheaper per append (docs/BENCHMARKS.md, "Appends with the chain on, against the day before it"):
    // - each stream's row says whether the stream is chained (`streams.chained`, set by its first
    //   append and for the streams chained so far from their events), read by the version bump that
    //   locks the row: an append to an unchained stream no longer looks up its previous event to
    //   learn that, and an append with its expected version reads the previous hash in that same
    //   statement (the row matched at that version, so the event at that version is visible);
    // - the digests of every money append in the call come as ONE bytea (sent in binary by the
    //   store: no array literal to print nor to parse), each append taking its 32 bytes per event
    //   in turn, with `p_chained` saying which appends carry them;
    // - an append's links are gathered in one bytea and cut into `prev_hash` and `hash` at the
    //   insert: plpgsql arrays of hashes cost more than the hashing.
    // The bytea[] signature stays, as a wrapper, for a process still running the previous store
    // (and the older signatures through it).
    sql: `
      alter table streams add column chained boolean not null default false;
      update streams set chained = true
        where stream_id in (select stream_id from events where stream_version = 1 and hash is not null);

      create function append_batch(
        p_streams text[], p_expected bigint[], p_keys text[], p_counts int[],
        p_types text[], p_schema_versions int[], p_data jsonb, p_metadata jsonb, p_chained boolean[], p_digests bytea
      ) returns table (item int, first_position bigint, last_position bigint, next_version bigint, duplicate boolean, conflict boolean, actual_version bigint)
      language plpgsql as $$
      declare
        i int;
        k int;
        n int;
        o int := 0;
        d int := 0;
        v_stream text;
        v_expected bigint;
        v_key text;
        v_chained boolean;
        v_stream_chained boolean;
        v_next bigint;
        v_first bigint;
        v_last bigint;
        v_prev bytea;
        v_digests bytea;
        v_head text;
        v_chain bytea;
      begin
        for i in 1 .. cardinality(p_streams) loop
          n := p_counts[i];
          v_stream := p_streams[i];
          v_expected := p_expected[i];
          v_key := p_keys[i];
          v_chained := coalesce(p_chained[i], false);
          v_next := null;
          v_prev := null;
          item := i;
          if v_key is not null then
            insert into idempotency_keys (key, stream_id, first_position, last_position, next_version)
              values (v_key, v_stream, 0, 0, 0) on conflict (key) do nothing;
            if not found then
              return query select i, k.first_position, k.last_position, k.next_version, true, false, null::bigint
                from idempotency_keys k where k.key = v_key;
              o := o + n;
              if v_chained then d := d + 32 * n; end if;
              continue;
            end if;
          end if;

          if v_expected is null then
            insert into streams as s (stream_id, version, chained) values (v_stream, n, v_chained)
              on conflict (stream_id) do update set version = s.version + n, updated_at = now()
              returning s.version, s.chained into v_next, v_stream_chained;
          elsif v_expected = 0 then
            insert into streams (stream_id, version, chained) values (v_stream, n, v_chained)
              on conflict (stream_id) do nothing
              returning version, chained into v_next, v_stream_chained;
          else
            update streams set version = v_expected + n, updated_at = now()
              where stream_id = v_stream and version = v_expected
              returning version, chained,
                        case when chained then (select e.hash from events e where e.stream_id = v_stream and e.stream_version = v_expected) end
              into v_next, v_stream_chained, v_prev;
          end if;

          if v_next is null then
            if v_key is not null then
              delete from idempotency_keys where key = v_key;
            end if;
            first_position := null; last_position := null; next_version := null;
            duplicate := false; conflict := true;
            select version into actual_version from streams where stream_id = v_stream;
            return next;
            o := o + n;
            if v_chained then d := d + 32 * n; end if;
            continue;
          end if;

          -- The stream's row is locked from here to the commit: its previous event is final.
          if v_chained <> v_stream_chained then
            if v_chained then
              raise exception 'stream % is not hash-chained', v_stream using errcode = 'ES422';
            end if;
            raise exception 'stream % is hash-chained: an append must carry its digests', v_stream using errcode = 'ES422';
          end if;

          -- v_chain: the previous hash, then each event's hash in turn (32 bytes each).
          v_chain := null;
          if v_chained then
            if v_next > n and v_prev is null then
              -- An append at any version: the previous event, committed before the row was locked.
              select e.hash into v_prev from events e where e.stream_id = v_stream and e.stream_version = v_next - n;
              if v_prev is null then
                raise exception 'stream % is not hash-chained', v_stream using errcode = 'ES422';
              end if;
            end if;
            if coalesce(octet_length(p_digests), 0) < d + 32 * n then
              raise exception 'stream %: an append of % events needs % digest bytes', v_stream, n, 32 * n using errcode = 'ES422';
            end if;
            v_digests := substring(p_digests from d + 1 for 32 * n);
            d := d + 32 * n;
            -- The hash's input is text (stream, version, type, data digest and previous hash in hex,
            -- one per line).
            v_head := v_stream || E'\n';
            v_prev := coalesce(v_prev, '\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea);
            v_chain := v_prev;
            for k in 1 .. n loop
              v_prev := sha256(convert_to(v_head || (v_next - n + k)::text || E'\n' || p_types[o + k] || E'\n'
                                          || encode(substring(v_digests from 32 * k - 31 for 32), 'hex') || E'\n' || encode(v_prev, 'hex'), 'UTF8'));
              v_chain := v_chain || v_prev;
            end loop;
          end if;

          if n = 1 then
            insert into events (stream_id, stream_version, type, schema_version, data, metadata, prev_hash, hash)
              values (v_stream, v_next, p_types[o + 1], p_schema_versions[o + 1], p_data -> o, p_metadata -> o,
                      substring(v_chain from 1 for 32), substring(v_chain from 33 for 32))
              returning global_position into v_first;
            v_last := v_first;
          else
            with inserted as (
              insert into events (stream_id, stream_version, type, schema_version, data, metadata, prev_hash, hash)
              select v_stream, v_next - n + x.k, p_types[o + x.k], p_schema_versions[o + x.k],
                     p_data -> (o + x.k - 1), p_metadata -> (o + x.k - 1),
                     substring(v_chain from 32 * x.k - 31 for 32), substring(v_chain from 32 * x.k + 1 for 32)
                from generate_series(1, n) as x(k)
                order by x.k
              returning global_position
            )
            select min(global_position), max(global_position) into v_first, v_last from inserted;
          end if;

          if v_key is not null then
            update idempotency_keys set first_position = v_first, last_position = v_last, next_version = v_next
              where key = v_key;
          end if;
          first_position := v_first; last_position := v_last; next_version := v_next;
          duplicate := false; conflict := false; actual_version := null;
          return next;
          o := o + n;
        end loop;
        if d <> coalesce(octet_length(p_digests), 0) then
          raise exception 'the chained appends of this call need 32 digest bytes per event' using errcode = 'ES422';
        end if;
      end $$;

      -- The previous store's call: one bytea of digests per append (null on an unchained stream).
      create or replace function append_batch(
        p_streams text[], p_expected bigint[], p_keys text[], p_counts int[],
        p_types text[], p_schema_versions int[], p_data jsonb, p_metadata jsonb, p_digests bytea[]
      ) returns table (item int, first_position bigint, last_position bigint, next_version bigint, duplicate boolean, conflict boolean, actual_version bigint)
      language sql as $$
        select b.* from append_batch(p_streams, p_expected, p_keys, p_counts, p_types, p_schema_versions, p_data, p_metadata,
          array(select x.d is not null from unnest(p_digests) with ordinality as x(d, i) order by x.i),
          (select string_agg(x.d, ''::bytea order by x.i) from unnest(p_digests) with ordinality as x(d, i))) b
      $$;
    `,
  },
  streamHeadsMigration,
];

/** Applies the given migrations (the event store's first) once each, in order; with `through`, stops
 * after that one (a test of a migration over the data an earlier schema wrote). */
export async function migrate(pool: pg.Pool, extra: Migration[] = [], options: { through?: string } = {}): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query(`select pg_advisory_lock(hashtext('murmur-migrations'))`);
    await client.query(`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await client.query<{ id: string }>('select id from schema_migrations')).rows.map((r) => r.id));
    for (const m of [...eventStoreMigrations, ...extra]) {
      if (done.has(m.id)) continue;
      await client.query('begin');
      try {
        await client.query(m.sql);
        await m.run?.(client);
        await client.query('insert into schema_migrations (id) values ($1)', [m.id]);
        await client.query('commit');
        applied.push(m.id);
        if (m.id === options.through) break;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    }
  } finally {
    await client.query(`select pg_advisory_unlock(hashtext('murmur-migrations'))`).catch(() => undefined);
    client.release();
  }
  return applied;
}
