// The dev edge as its own process for bench/stack.bench.ts, as `npm start` puts it in front of the
// services (scripts/edge.ts): the bench's WebSocket clients reach the gateway through it.
import { listen } from '@murmur/platform';
import { createEdge } from '../scripts/edge.ts';

const port = (name: string) => Number(process.env[name]);
const edge = createEdge({ commandPort: port('COMMAND_API_PORT'), queryPort: port('QUERY_API_PORT'), gatewayPort: port('GATEWAY_PORT') });
process.send!({ type: 'listening', port: await listen(edge, 0, '127.0.0.1') });
process.on('disconnect', () => process.exit(0));
