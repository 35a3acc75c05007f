// Three gateway processes behind the edge: listeners connect through it and land on different
// gateways, and every one gets every event of its channel once. Under gift load one gateway is
// killed with SIGKILL: its clients reconnect through the edge, land on another gateway, resume from
// their last position and still end with every event once. The commands go through the edge too.
import { expect, it } from 'vitest';
import { runCrashScenario } from '../../test-support/crash-scenario.ts';
import type { ServiceProcess } from '../../test-support/service-processes.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Open WebSocket connections a gateway holds, from its /metrics. */
async function sockets(gateway: ServiceProcess): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
      return Number(/^murmur_gateway_connections (\d+)/m.exec(metrics)?.[1] ?? NaN);
    } catch (error) {
      // A kept-alive connection the loaded gateway closed as it was reused: ask again.
      if (attempt === 3) throw error;
    }
  }
}

it('kill -9 one of three gateways under gift load: its clients resume on the others through the edge, no event lost or doubled', async () => {
  let before: number[] = [];
  let after: number[] = [];
  let movedWithinMs = 0;
  const report = await runCrashScenario({
    name: 'one of three gateways SIGKILL',
    gateways: 3,
    commandApis: 1,
    listeners: 60,
    async crash({ gateways }) {
      before = await Promise.all(gateways.map(sockets));
      const killed = Date.now();
      await gateways[0]!.kill('SIGKILL');
      const total = before.reduce((a, b) => a + b, 0);
      const survivors = gateways.slice(1);
      for (const deadline = Date.now() + 90_000; Date.now() < deadline; await pause(100)) {
        after = await Promise.all(survivors.map(sockets));
        if (after.reduce((a, b) => a + b, 0) >= total) break;
      }
      movedWithinMs = Date.now() - killed;
    },
  });
  console.log(
    `gateways behind the edge: sockets per gateway before the kill ${before.join('/')}, on the two left ${after.join('/')} within ${movedWithinMs} ms; ` +
      `deliveries ${report.delivered} of ${report.expectedDeliveries}: lost ${report.lostDeliveries}, doubled ${report.doubledDeliveries}`,
  );
  // The edge spread the clients over all three gateways, and the killed one's clients moved to the others.
  for (const n of before) expect(n).toBeGreaterThan(0);
  expect(after.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(before.reduce((a, b) => a + b, 0));
  expect(report.lostDeliveries).toBe(0);
  expect(report.doubledDeliveries).toBe(0);
  expect(report.problems).toEqual([]);
  expect(report.delivered).toBe(report.expectedDeliveries);
  expect(report.delivered).toBeGreaterThan(0);
  expect(report.acknowledged.gifts).toBeGreaterThan(0);
  expect(report.persisted).toEqual(report.acknowledged);
  expect(report.internalErrors).toBe(0);
  expect(report.audit.code, report.audit.output).toBe(0);
}, 600_000);
