// Migration 008: each chained stream's row keeps its head hash, and the store links the events of an
// append to the head it knows (docs/decisions/ledger-proof.md, "The store links an append to the head it
// knows"; figures in docs/BENCHMARKS.md, "Appends linked by the store to the stream's head").
import type { Migration } from './migrations.ts';

export const streamHeadsMigration: Migration = {
  id: 'eventstore-008-stream-heads-store-links',
  // The same chains and hash definition as migrations 004-007. What changes is who computes a link:
  // - `streams.head_hash` holds the hash of each chained stream's last event (filled here from the
  //   events), kept by every chained append in the version bump that locks the row;
  // - the store sends, for an append whose stream head it knows (a new stream, or the version and
  //   hash its last append or read of the stream returned), the head it claims (`p_claimed`: that
  //   version) and the links it computed from it (`p_links`: the claimed head's 32 bytes, then each
  //   event's hash). The version bump takes them only when the stream is at that version with that
  //   head hash, in the same statement and under the same row lock as before, so no two appends can
  //   link to one head; otherwise (no claim, a stale one) this function links the events from the
  //   stored head as before and keeps the row's head itself.
  // - the previous event is no longer looked up: the head is on the locked row.
  // The database vouches that each append continues the stored head; the store vouches for the data
  // digests (as before) and for the links it sends, which the chain audit recomputes like any other.
  // The 007 signature stays, as a wrapper, for a process still running the previous store (and the
  // older signatures through it): every chained append keeps the row's head.
  sql: `
    alter table streams add column head_hash bytea;
    update streams s set head_hash = e.hash
      from events e
     where s.chained and e.stream_id = s.stream_id and e.stream_version = s.version;

    create function append_batch(
      p_streams text[], p_expected bigint[], p_keys text[], p_counts int[],
      p_types text[], p_schema_versions int[], p_data jsonb, p_metadata jsonb, p_chained boolean[], p_digests bytea,
      p_claimed bigint[], p_links bytea
    ) returns table (item int, first_position bigint, last_position bigint, next_version bigint, duplicate boolean, conflict boolean,
                     actual_version bigint, head bytea)
    language plpgsql as $$
    declare
      v_genesis constant bytea := decode(repeat('00', 32), 'hex');
      i int;
      k int;
      n int;
      o int := 0;
      d int := 0;
      l int := 0;
      v_stream text;
      v_expected bigint;
      v_key text;
      v_chained boolean;
      v_stream_chained boolean;
      v_claim bigint;
      v_claim_prev bytea;
      v_claim_last bytea;
      v_next bigint;
      v_first bigint;
      v_last bigint;
      v_head bytea;
      v_prev bytea;
      v_d int;
      v_l int;
      v_line text;
      v_chain bytea;
    begin
      for i in 1 .. cardinality(p_streams) loop
        n := p_counts[i];
        v_stream := p_streams[i];
        v_expected := p_expected[i];
        v_key := p_keys[i];
        v_chained := coalesce(p_chained[i], false);
        v_next := null;
        item := i;

        -- A money append's digests, and the links its store claims, are the next bytes of the call's,
        -- whatever becomes of the append (a repeated key, a conflict); the totals are checked at the end.
        if v_chained then
          v_d := d;
          d := d + 32 * n;
          v_claim := p_claimed[i];
          if v_claim is not null then
            v_l := l;
            l := l + 32 * (n + 1);
            v_claim_prev := substring(p_links from v_l + 1 for 32);
            v_claim_last := substring(p_links from l - 31 for 32);
          end if;
        end if;

        if v_key is not null then
          insert into idempotency_keys (key, stream_id, first_position, last_position, next_version)
            values (v_key, v_stream, 0, 0, 0) on conflict (key) do nothing;
          if not found then
            return query select i, k.first_position, k.last_position, k.next_version, true, false, null::bigint, null::bytea
              from idempotency_keys k where k.key = v_key;
            o := o + n;
            continue;
          end if;
        end if;

        -- The version bump locks the stream's row; on a chained stream it takes the claimed head
        -- only when the row is at the claimed version with the claimed hash, and returns the row's
        -- head (the new one when taken, the one before this append otherwise).
        if not v_chained then
          if v_expected is null then
            insert into streams as s (stream_id, version, chained) values (v_stream, n, false)
              on conflict (stream_id) do update set version = s.version + n, updated_at = now()
              returning s.version, s.chained into v_next, v_stream_chained;
          elsif v_expected = 0 then
            insert into streams (stream_id, version, chained) values (v_stream, n, false)
              on conflict (stream_id) do nothing
              returning version, chained into v_next, v_stream_chained;
          else
            update streams set version = v_expected + n, updated_at = now()
              where stream_id = v_stream and version = v_expected
              returning version, chained into v_next, v_stream_chained;
          end if;
        elsif v_expected is null then
          insert into streams as s (stream_id, version, chained, head_hash)
            values (v_stream, n, true, case when v_claim = 0 and v_claim_prev = v_genesis then v_claim_last end)
            on conflict (stream_id) do update set version = s.version + n, updated_at = now(),
              head_hash = case when s.version = v_claim and s.head_hash = v_claim_prev then v_claim_last else s.head_hash end
            returning s.version, s.chained, s.head_hash into v_next, v_stream_chained, v_head;
        elsif v_expected = 0 then
          insert into streams (stream_id, version, chained, head_hash)
            values (v_stream, n, true, case when v_claim = 0 and v_claim_prev = v_genesis then v_claim_last end)
            on conflict (stream_id) do nothing
            returning version, chained, head_hash into v_next, v_stream_chained, v_head;
        else
          update streams s set version = v_expected + n, updated_at = now(),
              head_hash = case when v_claim = v_expected and s.head_hash = v_claim_prev then v_claim_last else s.head_hash end
            where s.stream_id = v_stream and s.version = v_expected
            returning s.version, s.chained, s.head_hash into v_next, v_stream_chained, v_head;
        end if;

        if v_next is null then
          if v_key is not null then
            delete from idempotency_keys where key = v_key;
          end if;
          first_position := null; last_position := null; next_version := null; head := null;
          duplicate := false; conflict := true;
          select version into actual_version from streams where stream_id = v_stream;
          return next;
          o := o + n;
          continue;
        end if;

        -- The stream's row is locked from here to the commit.
        if v_chained <> v_stream_chained then
          if v_chained then
            raise exception 'stream % is not hash-chained', v_stream using errcode = 'ES422';
          end if;
          raise exception 'stream % is hash-chained: an append must carry its digests', v_stream using errcode = 'ES422';
        end if;

        -- v_chain: the previous hash, then each event's hash in turn (32 bytes each).
        if not v_chained then
          v_chain := null;
          v_head := null;
        elsif v_claim is not null and v_next - n = v_claim and v_head = v_claim_last then
          -- The store linked the events to the head it claimed, and that is the stored head.
          v_chain := substring(p_links from v_l + 1 for 32 * (n + 1));
        else
          -- Linked here from the head the bump left as it was (none on a new stream).
          if v_next > n and v_head is null then
            raise exception 'stream % is not hash-chained', v_stream using errcode = 'ES422';
          end if;
          v_prev := case when v_next = n then v_genesis else v_head end;
          -- The hash's input is text (stream, version, type, data digest and previous hash in hex,
          -- one per line).
          v_line := v_stream || E'\\n';
          v_chain := v_prev;
          for k in 1 .. n loop
            v_prev := sha256(convert_to(v_line || (v_next - n + k)::text || E'\\n' || p_types[o + k] || E'\\n'
                                        || encode(substring(p_digests from v_d + 32 * k - 31 for 32), 'hex') || E'\\n' || encode(v_prev, 'hex'), 'UTF8'));
            v_chain := v_chain || v_prev;
          end loop;
          update streams set head_hash = v_prev where stream_id = v_stream;
          v_head := v_prev;
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
        duplicate := false; conflict := false; actual_version := null; head := v_head;
        return next;
        o := o + n;
      end loop;
      -- Every append took its bytes from where the one before it ended, so equal totals mean that
      -- each had all of its own (anything short or beyond rolls the whole call back).
      if d <> coalesce(octet_length(p_digests), 0) then
        raise exception 'the chained appends of this call need 32 digest bytes per event' using errcode = 'ES422';
      end if;
      if l <> coalesce(octet_length(p_links), 0) then
        raise exception 'the linked appends of this call need 32 link bytes per event and one for the head' using errcode = 'ES422';
      end if;
    end $$;

    -- The previous store's call (migration 007): no claims, so every link is made here.
    create or replace function append_batch(
      p_streams text[], p_expected bigint[], p_keys text[], p_counts int[],
      p_types text[], p_schema_versions int[], p_data jsonb, p_metadata jsonb, p_chained boolean[], p_digests bytea
    ) returns table (item int, first_position bigint, last_position bigint, next_version bigint, duplicate boolean, conflict boolean, actual_version bigint)
    language sql as $$
      select b.item, b.first_position, b.last_position, b.next_version, b.duplicate, b.conflict, b.actual_version
        from append_batch(p_streams, p_expected, p_keys, p_counts, p_types, p_schema_versions, p_data, p_metadata,
                          p_chained, p_digests, null::bigint[], null::bytea) b
    $$;
  `,
};
