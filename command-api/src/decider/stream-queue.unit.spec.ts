import { describe, expect, it } from 'vitest';
import { KeyedMutex } from './stream-queue.ts';

describe('KeyedMutex', () => {
  it('runs tasks of one key one at a time, in order, and other keys alongside', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    let inside = 0;
    let most = 0;
    const task = (name: string) => async () => {
      inside++;
      most = Math.max(most, inside);
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${name}`);
      inside--;
      return name;
    };
    const results = await Promise.all([mutex.run('a', task('a1')), mutex.run('a', task('a2')), mutex.run('a', task('a3'))]);
    expect(results).toEqual(['a1', 'a2', 'a3']);
    expect(log).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    expect(most).toBe(1);
    expect(mutex.size).toBe(0);
  });

  it('keeps going after a task fails', async () => {
    const mutex = new KeyedMutex();
    await expect(
      mutex.run('a', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await mutex.run('a', async () => 'ok')).toBe('ok');
  });
});
