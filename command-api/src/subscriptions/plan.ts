// A creator's subscription plan on `creator-plan-{uid}`: the monthly price in diamonds.
import { subscriptionLimits, subscriptionTexts, type MurmurEvent, creatorPlanEventSchemas, streamIds } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { Decider } from '../decider/decider.ts';

export type PlanEvent = MurmurEvent<'SubscriptionPriceSet'>;
export interface PlanState {
  price: number | null;
}
export interface SetPrice {
  type: 'SetPrice';
  creatorUid: string;
  price: number;
  at: string;
}

export const planDecider: Decider<PlanState, SetPrice, PlanEvent> = {
  evolvesOn: creatorPlanEventSchemas,
  initialState: () => ({ price: null }),
  evolve: (state, event) => (event.type === 'SubscriptionPriceSet' ? { price: event.data.price } : state),
  decide(command, state) {
    if (
      !Number.isSafeInteger(command.price) ||
      command.price < subscriptionLimits.minDiamonds ||
      command.price > subscriptionLimits.maxDiamonds
    ) {
      throw new ApiError('VALIDATION_FAILED', subscriptionTexts.priceRange);
    }
    if (state.price === command.price) return [];
    return [{ type: 'SubscriptionPriceSet', data: { creatorUid: command.creatorUid, price: command.price, setAt: command.at } }];
  },
};

export const planCommands = defineCommandHandler({ decider: planDecider, streamId: streamIds.creatorPlan });
