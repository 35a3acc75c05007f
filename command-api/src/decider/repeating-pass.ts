// The timer of the system passes (room scheduler, session scheduler, presence reaper): one pass
// every interval, never two at once, and stop() waits for the pass under way, so a test or a
// shutdown never closes the pool under a running command.
export class RepeatingPass {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stoppedFlag = false;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly intervalMs: number,
  ) {}

  /** True once stop() was called: a pass under way checks it between rows. */
  get stopped(): boolean {
    return this.stoppedFlag;
  }

  start(): void {
    if (this.timer || this.stoppedFlag) return;
    this.timer = setInterval(() => {
      if (!this.running)
        this.running = this.pass()
          .then(() => undefined)
          .finally(() => (this.running = null));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stoppedFlag = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
