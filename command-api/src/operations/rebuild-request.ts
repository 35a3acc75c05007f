// Operators' console, operations view: an admin asks for a projection rebuild.
// The request is an event on `projection-rebuild-{name}` naming the admin (the audit trail lists
// it); at most one open per projection (a second click while the worker runs answers the open
// one); the projections worker runs it and closes it with ProjectionRebuilt.
import { randomUUID } from 'node:crypto';
import { projectionRebuildEventSchemas, type ProjectionRebuildEvent, streamIds } from '@murmur/contracts';
import { defineRoute } from '@murmur/platform';
import type express from 'express';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { Decider } from '../decider/decider.ts';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../command-module.ts';

export interface RebuildRequestState {
  open: string | null;
}
export interface RequestRebuild {
  type: 'RequestRebuild';
  projection: string;
  rebuildId: string;
  requestedBy: string;
  at: string;
}

export const rebuildRequestDecider: Decider<RebuildRequestState, RequestRebuild, ProjectionRebuildEvent> = {
  evolvesOn: projectionRebuildEventSchemas,
  initialState: () => ({ open: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'ProjectionRebuildRequested':
        return { open: event.data.rebuildId };
      case 'ProjectionRebuilt':
        return event.data.rebuildId === state.open ? { open: null } : state;
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },
  decide(command, state) {
    if (state.open) return [];
    return [
      {
        type: 'ProjectionRebuildRequested',
        data: { rebuildId: command.rebuildId, projection: command.projection, requestedBy: command.requestedBy, requestedAt: command.at },
      },
    ];
  },
};

const rebuildCommands = defineCommandHandler({ decider: rebuildRequestDecider, streamId: streamIds.projectionRebuild });

export const operationsModule: CommandModule = {
  name: 'operations',
  routes(router: express.Router, deps: CommandDeps) {
    defineRoute(router, 'POST /console/ops/rebuild', async ({ me: admin, body: { projection } }) => {
      const result = await rebuildCommands.run(
        deps,
        projection,
        {
          type: 'RequestRebuild',
          projection,
          rebuildId: `rebuild-${randomUUID()}`,
          requestedBy: admin.uid,
          at: deps.clock.now().toISOString(),
        },
        { actorUid: admin.uid },
      );
      return { rebuildId: result.state.open ?? '', projection, position: result.position.toString() };
    });
  },
};
