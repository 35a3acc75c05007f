// The NATS client the relay uses, for code outside the projections workspace (the relay bench),
// which cannot resolve the projections workspace's own dependencies.
export { connect, headers, type NatsConnection } from '@nats-io/transport-node';
export { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
