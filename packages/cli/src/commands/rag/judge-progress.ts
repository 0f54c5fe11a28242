/** A progress bar over the questions judged, on stderr; nothing when `enabled` is false. */
export async function startJudgeProgress(
  enabled: boolean,
): Promise<{ update(done: number, total: number): void; stop(): void }> {
  if (!enabled) return { update() {}, stop() {} };
  const { SingleBar } = await import('cli-progress');
  const bar = new SingleBar({
    format: 'judging {bar} {value}/{total} questions',
    stream: process.stderr,
    hideCursor: true,
  });
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
