import { describe, expect, it } from 'vitest';
import { WorkGate } from '../../server/services/workGate';

class Busy extends Error {}

/** A task the test finishes by hand. */
function manualTask() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('WorkGate', () => {
  it('runs at most `concurrent` tasks, starts the waiting ones in order of arrival, refuses beyond the waiting room', async () => {
    const gate = new WorkGate({ concurrent: 2, waiting: 2, maxWaitMs: 60_000 }, () => new Busy());
    const started: number[] = [];
    const tasks = Array.from({ length: 4 }, manualTask);
    const runs = tasks.map((task, index) => gate.run(async () => (started.push(index), task.work())));
    await tick();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    await expect(gate.run(async () => 'fifth')).rejects.toBeInstanceOf(Busy);
    tasks[1].finish();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    tasks[0].finish();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    tasks[2].finish();
    tasks[3].finish();
    await Promise.all(runs);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails, and refuses a task that waited longer than maxWaitMs', async () => {
    const gate = new WorkGate({ concurrent: 1, waiting: 1, maxWaitMs: 20 }, () => new Busy());
    await expect(gate.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    const blocker = manualTask();
    const running = gate.run(blocker.work);
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(Busy);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    blocker.finish();
    await running;
    await expect(gate.run(async () => 'now')).resolves.toBe('now');
  });
});
