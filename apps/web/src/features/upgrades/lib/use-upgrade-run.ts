import {
  type CurrentUpdateStatus,
  UPGRADE_CLOSE_MS,
  UPGRADE_RELOAD_MS,
  UPGRADE_TICK_MS,
  updateMessages,
  upgradeDurationMs,
} from '@lending/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { hasErrorCode } from '../../../api/client';
import { usePostUpdateStatus } from '../api/post-update-status';

export type TUpgradeRun =
  | { phase: 'idle' }
  | { phase: 'running'; progress: number }
  | { phase: 'success' }
  | { phase: 'failed'; message: string };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The banner's upgrade: asks to start it (in_progress) while a progress bar fills, one tick every
 * 100 ms for 5 s (10 s once permitted); at the end, if permission was held, posts up_to_date and
 * shows success, then reloads the page after 1.2 s to run the new version; otherwise the failure.
 * The modal closes 2 s after the result.
 */
export const useUpgradeRun = (reload: () => void = () => window.location.reload()) => {
  const poster = usePostUpdateStatus();
  const [run, setRun] = useState<TUpgradeRun>({ phase: 'idle' });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const { mutateAsync } = poster;
  const start = useCallback(
    async (current: CurrentUpdateStatus) => {
      setRun({ phase: 'running', progress: 0 });
      // The start is asked at once; its answer is only shown when the bar is full.
      const started = mutateAsync({ status: 'in_progress' }).then(
        () => null,
        (error: unknown) =>
          hasErrorCode(error, 'UPDATE_NOT_PERMITTED')
            ? updateMessages.notPermitted
            : updateMessages.startFailed,
      );
      const ticks = Math.ceil(upgradeDurationMs(current) / UPGRADE_TICK_MS);
      for (let tick = 1; tick <= ticks; tick += 1) {
        await wait(UPGRADE_TICK_MS);
        if (!alive.current) return;
        setRun({ phase: 'running', progress: Math.round((tick / ticks) * 100) });
      }
      let failure = await started;
      if (failure === null)
        failure = await mutateAsync({ status: 'up_to_date' }).then(
          () => null,
          () => updateMessages.startFailed,
        );
      if (!alive.current) return;
      setRun(failure === null ? { phase: 'success' } : { phase: 'failed', message: failure });
      if (failure === null) {
        await wait(UPGRADE_RELOAD_MS);
        if (alive.current) reload();
        return;
      }
      await wait(UPGRADE_CLOSE_MS);
      if (alive.current) setRun({ phase: 'idle' });
    },
    [mutateAsync, reload],
  );

  return { run, start };
};
