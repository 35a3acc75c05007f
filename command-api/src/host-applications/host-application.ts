// The host-application decider on `hostapplication-{uid}`: one open application per user, decided
// on this one stream with its expected version (two submits at once: one is pending, the other is
// refused), and an admin's approval or rejection of exactly the application they saw.
import {
  hostApplicationEventSchemas,
  hostApplicationTexts,
  hostTermsVersion,
  type HostApplicationBody,
  type HostApplicationStatus,
  type MurmurEvent,
} from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';

export type HostApplicationEvent = MurmurEvent<'HostApplicationSubmitted' | 'HostApplicationApproved' | 'HostApplicationRejected'>;

export interface HostApplicationState {
  /** Applications made so far (numbers the next one). */
  count: number;
  latest: { applicationId: string; status: HostApplicationStatus } | null;
}

export type HostApplicationCommand =
  | { type: 'SubmitHostApplication'; uid: string; form: HostApplicationBody; isHost: boolean; anonymous: boolean; at: string }
  | {
      type: 'DecideHostApplication';
      uid: string;
      applicationId: string;
      decision: 'approve' | 'reject';
      reason: string | null;
      by: string;
      at: string;
    };

export const initialHostApplicationState = (): HostApplicationState => ({ count: 0, latest: null });

export function evolveHostApplication(state: HostApplicationState, event: HostApplicationEvent): HostApplicationState {
  switch (event.type) {
    case 'HostApplicationSubmitted':
      return { count: state.count + 1, latest: { applicationId: event.data.applicationId, status: 'pending' } };
    case 'HostApplicationApproved':
      return { ...state, latest: { applicationId: event.data.applicationId, status: 'approved' } };
    case 'HostApplicationRejected':
      return { ...state, latest: { applicationId: event.data.applicationId, status: 'rejected' } };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export function decideHostApplication(command: HostApplicationCommand, state: HostApplicationState): HostApplicationEvent[] {
  switch (command.type) {
    case 'SubmitHostApplication': {
      if (command.anonymous) throw new ApiError('FORBIDDEN', hostApplicationTexts.guestCannotApply);
      if (state.latest?.status === 'pending') throw new ApiError('CONFLICT', hostApplicationTexts.alreadyPending);
      if (command.isHost || state.latest?.status === 'approved') throw new ApiError('RULE_VIOLATED', hostApplicationTexts.alreadyHost);
      const { about, topics, hoursPerWeek } = command.form;
      return [
        {
          type: 'HostApplicationSubmitted',
          data: {
            applicationId: `${command.uid}:${state.count + 1}`,
            uid: command.uid,
            about,
            topics,
            hoursPerWeek,
            termsVersion: hostTermsVersion,
            submittedAt: command.at,
          },
        },
      ];
    }
    case 'DecideHostApplication': {
      const latest = state.latest;
      if (!latest || latest.applicationId !== command.applicationId) {
        // An earlier application of this user was decided already; an unknown id is not found.
        const known =
          latest && Number(command.applicationId.split(':').pop()) < state.count && command.applicationId.startsWith(`${command.uid}:`);
        throw known
          ? new ApiError('CONFLICT', hostApplicationTexts.alreadyDecided)
          : new ApiError('NOT_FOUND', hostApplicationTexts.notFound);
      }
      if (latest.status !== 'pending') {
        // The same decision again (a retried click) changes nothing; the other one is refused.
        if ((latest.status === 'approved') === (command.decision === 'approve')) return [];
        throw new ApiError('CONFLICT', hostApplicationTexts.alreadyDecided);
      }
      if (command.decision === 'approve') {
        return [
          {
            type: 'HostApplicationApproved',
            data: { applicationId: latest.applicationId, uid: command.uid, decidedBy: command.by, decidedAt: command.at },
          },
        ];
      }
      if (!command.reason) throw new ApiError('VALIDATION_FAILED', hostApplicationTexts.reasonRequired);
      return [
        {
          type: 'HostApplicationRejected',
          data: {
            applicationId: latest.applicationId,
            uid: command.uid,
            decidedBy: command.by,
            reason: command.reason,
            decidedAt: command.at,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      throw new ApiError('VALIDATION_FAILED', 'Unknown command.');
    }
  }
}

export const hostApplicationDecider: Decider<HostApplicationState, HostApplicationCommand, HostApplicationEvent> = {
  evolvesOn: hostApplicationEventSchemas,
  initialState: initialHostApplicationState,
  evolve: evolveHostApplication,
  decide: decideHostApplication,
};
