// Crashes under load: gifts, chat and joins flow while one part of the platform
// dies and comes back. Afterwards no acknowledged command is lost, none is applied twice, every
// realtime listener resumed without a gap, and `projections audit` passes. Each scenario prints its
// counts (acknowledged, persisted, delivered); `CRASH_LOAD=4` runs a bigger load.
import { describe, expect, it } from 'vitest';
import { runCrashScenario, type CrashReport } from '../../test-support/crash-scenario.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function expectRecovered(report: CrashReport): void {
  expect(report.problems).toEqual([]);
  expect(report.persisted).toEqual(report.acknowledged);
  expect(report.acknowledged.gifts).toBeGreaterThan(0);
  expect(report.acknowledged.chats).toBeGreaterThan(0);
  expect(report.acknowledged.joins).toBeGreaterThan(0);
  expect(report.delivered).toBe(report.expectedDeliveries);
  expect(report.delivered).toBeGreaterThan(0);
  expect(report.audit.code, report.audit.output).toBe(0);
  // An outage answers 503 (retry with the same key), never 500.
  expect(report.internalErrors).toBe(0);
}

// Faults these scenarios found, fixed: across a PostgreSQL restart acknowledged gifts and
// chat were lost (the test server commits asynchronously; the pools now commit synchronously) and
// send-gift answered 500 (now 503, retried with the same key); the delivery check counted events a
// listener got while the others were still being confirmed as unexpected (the start is now taken
// for all at once, and compared in the log's order). All four run in the suite.
describe('crashes under load', () => {
  it('(a) the projections process is killed with SIGKILL and restarted', async () => {
    const report = await runCrashScenario({
      name: 'projections SIGKILL',
      async crash({ projections }) {
        await projections.kill('SIGKILL');
        await pause(1_000);
        await projections.restart();
      },
    });
    expectRecovered(report);
  }, 600_000);

  it('(b) a command-api process is killed; clients retry with their keys on the other one and the restarted one', async () => {
    const report = await runCrashScenario({
      name: 'command-api SIGKILL',
      commandApis: 2,
      async crash({ commandApis }) {
        await commandApis[0]!.kill('SIGKILL');
        await pause(1_500);
        await commandApis[0]!.restart();
      },
    });
    expectRecovered(report);
    expect(report.retriedCommands).toBeGreaterThan(0);
  }, 600_000);

  it('(c) the gateway is killed with 200 clients subscribed; they reconnect and resume from their position', async () => {
    const report = await runCrashScenario({
      name: 'gateway SIGKILL',
      listeners: 200,
      async crash({ gateway }) {
        await gateway.kill('SIGKILL');
        await pause(1_500);
        await gateway.restart();
      },
    });
    expectRecovered(report);
    expect(report.listeners).toBe(200);
  }, 600_000);

  it('(d) PostgreSQL is restarted (immediate shutdown, crash recovery) under every service', async () => {
    const report = await runCrashScenario({
      name: 'PostgreSQL restart',
      ownPostgres: true,
      async crash({ postgres }) {
        await postgres!.restart!({ downMs: 1_500 });
      },
    });
    expectRecovered(report);
    expect(report.retriedCommands).toBeGreaterThan(0);
  }, 600_000);
});
