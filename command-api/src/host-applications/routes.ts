// Becoming a host: the applicant's form (POST host/application) and an admin's decision
// (POST admin/host-applications/{uid}/decide). Approval appends on the application stream and
// grants role `h` on `user-{uid}` in one transaction, so an approved application never lacks the
// role; the Verified Host badge follows from the approval by projection (collections).
import { UidParam, streamIds } from '@murmur/contracts';
import { defineRoute, parse } from '@murmur/platform';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { CommandModule } from '../command-module.ts';
import { userCommands } from '../identity/user-commands.ts';
import { hostApplicationDecider } from './host-application.ts';

export const hostApplicationCommands = defineCommandHandler({ decider: hostApplicationDecider, streamId: streamIds.hostApplication });

export const hostApplicationsModule: CommandModule = {
  name: 'host-applications',
  routes(router, deps) {
    defineRoute(router, 'POST /host/application', async ({ me, body: form }) => {
      const { state: user } = await userCommands.load(deps, me.uid);
      const result = await hostApplicationCommands.run(
        deps,
        me.uid,
        {
          type: 'SubmitHostApplication',
          uid: me.uid,
          form,
          isHost: user.roles.includes('h') || me.roles.includes('h'),
          anonymous: me.anonymous || !user.exists || user.anonymous,
          at: deps.clock.now().toISOString(),
        },
        { actorUid: me.uid },
      );
      const latest = result.state.latest!;
      return { position: result.position.toString(), applicationId: latest.applicationId, status: latest.status };
    });

    defineRoute(router, 'POST /admin/host-applications/{uid}/decide', async ({ me: admin, params, body }) => {
      const { uid } = parse(UidParam, params);
      const at = deps.clock.now();
      const result = await hostApplicationCommands.runInTransaction(
        deps,
        uid,
        {
          type: 'DecideHostApplication',
          uid,
          applicationId: body.applicationId,
          decision: body.decision,
          reason: body.reason ?? null,
          by: admin.uid,
          at: at.toISOString(),
        },
        {
          after: async (client, state) => {
            if (state.latest?.status !== 'approved') return null;
            const granted = await userCommands.decideWithin(
              deps,
              client,
              uid,
              { type: 'GrantRole', role: 'h', by: admin.uid, now: at },
              { actorUid: admin.uid },
            );
            return granted.events.length > 0 ? granted.position : null;
          },
        },
        { actorUid: admin.uid },
      );
      const position = result.extra && result.extra > result.position ? result.extra : result.position;
      const latest = result.state.latest!;
      return { position: position.toString(), applicationId: latest.applicationId, status: latest.status };
    });
  },
};
