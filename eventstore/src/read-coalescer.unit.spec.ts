import { describe, expect, it } from 'vitest';
import { ReadCoalescer } from './read-coalescer.ts';

/** A read whose answer the test gives by hand, in order. */
function manualReads() {
  const started: Array<{ resolve: (v: number) => void; reject: (e: Error) => void }> = [];
  const read = () => new Promise<number>((resolve, reject) => started.push({ resolve, reject }));
  return { started, read };
}

describe('ReadCoalescer', () => {
  it('reads asked while one is in flight share ONE next read, started after that one ends', async () => {
    const coalescer = new ReadCoalescer<number>();
    const { started, read } = manualReads();
    const first = coalescer.run('s', read);
    const second = coalescer.run('s', read);
    const third = coalescer.run('s', read);
    // The later ones must not take the first read's answer: its snapshot may predate them.
    expect(started).toHaveLength(1);
    started[0]!.resolve(1);
    expect(await first).toBe(1);
    await Promise.resolve();
    expect(started).toHaveLength(2);
    started[1]!.resolve(2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    // Nothing waits any more: the next read starts at once.
    const fourth = coalescer.run('s', read);
    expect(started).toHaveLength(3);
    started[2]!.resolve(3);
    expect(await fourth).toBe(3);
  });

  it('keeps keys apart and passes a failed read to those who shared it', async () => {
    const coalescer = new ReadCoalescer<number>();
    const { started, read } = manualReads();
    const a = coalescer.run('a', read);
    const b = coalescer.run('b', read);
    expect(started).toHaveLength(2);
    const a2 = coalescer.run('a', read);
    started[0]!.reject(new Error('gone'));
    await expect(a).rejects.toThrow('gone');
    await Promise.resolve();
    started[2]!.reject(new Error('again'));
    await expect(a2).rejects.toThrow('again');
    started[1]!.resolve(7);
    expect(await b).toBe(7);
    // After a failure the key is free again.
    const a3 = coalescer.run('a', read);
    expect(started).toHaveLength(4);
    started[3]!.resolve(9);
    expect(await a3).toBe(9);
  });

  it('gives each caller of a shared read its own copy, so one that changes what it read changes no other', async () => {
    const coalescer = new ReadCoalescer<{ members: string[] }>((v) => structuredClone(v));
    const started: Array<(v: { members: string[] }) => void> = [];
    const read = () => new Promise<{ members: string[] }>((resolve) => started.push(resolve));
    const first = coalescer.run('lobby', read);
    const second = coalescer.run('lobby', read);
    const third = coalescer.run('lobby', read);
    started[0]!({ members: ['a'] });
    await first;
    await Promise.resolve();
    started[1]!({ members: ['a', 'b'] });
    const [two, three] = await Promise.all([second, third]);
    two.members.push('mutated');
    expect(three.members).toEqual(['a', 'b']);
    expect(two).not.toBe(three);
  });
});
