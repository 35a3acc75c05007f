// Runs the log relay alone: `npm run relay`. Serves /healthz and /metrics on LOG_RELAY_PORT.
import express from 'express';
import http from 'node:http';
import client from 'prom-client';
import { createPool } from '@murmur/eventstore';
import { createLogger, listen, observabilityRouter } from '@murmur/platform';
import { readRelayConfig, type RelayConfig } from './config.ts';
import { KafkaLogPublisher } from './kafka-publisher.ts';
import { NatsLogPublisher } from './nats-publisher.ts';
import type { LogPublisher } from './publisher.ts';
import { LogRelay } from './relay.ts';

function connectPublisher(config: RelayConfig): Promise<LogPublisher> {
  if (config.LOG_RELAY_BROKER === 'kafka')
    return KafkaLogPublisher.connect({ brokers: config.KAFKA_BROKERS!.split(',').map((b) => b.trim()), topic: config.KAFKA_LOG_TOPIC });
  return NatsLogPublisher.connect({
    servers: config.NATS_URL,
    stream: config.NATS_LOG_STREAM,
    subjectPrefix: config.NATS_LOG_SUBJECT_PREFIX,
  });
}

// The relay holds no secret and no stand-in: nothing of the demo table applies to it.
const config = readRelayConfig();
const logger = createLogger('log-relay');
const pool = createPool(config.DATABASE_URL, { max: 4, applicationName: 'log-relay' });
const publisher = await connectPublisher(config);
const registry = new client.Registry();
const published = new client.Counter({ name: 'murmur_log_relay_published_total', help: 'Events the broker stored', registers: [registry] });
const skipped = new client.Counter({
  name: 'murmur_log_relay_skipped_total',
  help: 'Events offered again that the broker held already',
  registers: [registry],
});
const position = new client.Gauge({ name: 'murmur_log_relay_position', help: 'Global position relayed through', registers: [registry] });
const relay = new LogRelay(pool, config.DATABASE_URL, publisher, {
  batchSize: config.LOG_RELAY_BATCH_SIZE,
  onBatch: (batch) => {
    published.inc(batch.published);
    skipped.inc(batch.skipped);
    position.set(Number(batch.checkpoint.globalPosition));
  },
  onError: (err) => logger.error({ err }, 'log relay batch failed; retrying'),
});
new client.Gauge({
  name: 'murmur_log_relay_holds_lease',
  help: '1 while this process is the one relaying',
  registers: [registry],
  collect() {
    this.set(relay.holdsLease ? 1 : 0);
  },
});
await relay.start();
const app = express();
app.use(observabilityRouter('log-relay', pool, registry));
const server = http.createServer(app);
const port = await listen(server, config.LOG_RELAY_PORT, config.HOST);
logger.info({ port, broker: publisher.broker }, 'log relay running');
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  server.close();
  await relay.stop();
  await publisher.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
