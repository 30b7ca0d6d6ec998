/**
 * The software update lifecycle: a superadmin marks a version required, permits the upgrade, the
 * upgrade runs (in_progress) and ends up_to_date. Every change is a new record; the latest one is the
 * current status (`unknown` before the first).
 */
export const UPDATE_STATUSES = ['required', 'permitted', 'in_progress', 'up_to_date'] as const;
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];
/** The current status: the latest record's, or `unknown` while there is none. */
export type CurrentUpdateStatus = UpdateStatus | 'unknown';

/** Upgrade history page size. */
export const UPDATE_HISTORY_PAGE_SIZE = 10;
/**
 * The upgrade modal's progress bar: one tick every 100 ms over 5 s (10 s once the upgrade is
 * permitted, when it really runs); closed 2 s after the result; the page reloads 1.2 s after success.
 */
export const UPGRADE_TICK_MS = 100;
export const UPGRADE_CLOSE_MS = 2_000;
export const UPGRADE_RELOAD_MS = 1_200;

/** How long the banner's progress bar runs for the current status. */
export const upgradeDurationMs = (status: CurrentUpdateStatus): number =>
  status === 'permitted' ? 10_000 : 5_000;

export const updateMessages = {
  notPermitted: 'Update failed: Permission not granted by superadmin.',
  appUpdated: 'App has been updated successfully!',
  updateAvailable: 'A new app update is available!',
  startFailed: 'Failed to start upgrade. Please try again.',
  permitted: 'Upgrade permitted for admin.',
  fetchFailed: 'Failed to fetch current status',
  updated: 'Upgrade status updated successfully!',
  updateFailed: 'Failed to update status',
  requiredVersionRequired: 'Required version is required',
  statusRequired: 'Status is required',
} as const;

/** Refusals of the lifecycle; the errors catalogue gives each its HTTP status. */
export const UPDATE_REFUSALS = {
  UPDATE_NOT_PERMITTED:
    'The upgrade cannot start (or be marked up to date) before a superadmin has permitted it.',
  UPDATE_TRANSITION_REFUSED:
    'The update status cannot move from the current status to the one asked (e.g. permitting when no update is required).',
} as const;
export type UpdateRefusalCode = keyof typeof UPDATE_REFUSALS;

/** Who asks for a change: only the superadmin may require or permit; admins start and finish the upgrade. */
export type UpdateActor = 'superadmin' | 'admin';

export type UpdateTransition =
  | { ok: true }
  | { ok: false; refusal: 'forbidden'; message: string }
  | { ok: false; refusal: UpdateRefusalCode; message: string };

/** The statuses each status may be entered from. */
const ENTERED_FROM: Record<UpdateStatus, readonly CurrentUpdateStatus[]> = {
  // A (new) version may be required at any time, even to withdraw a permission or a stuck upgrade.
  required: ['unknown', 'required', 'permitted', 'in_progress', 'up_to_date'],
  permitted: ['required'],
  in_progress: ['permitted'],
  // Up to date after the upgrade ran, or straight from a permitted one (the history's Mark Up to
  // Date); the first record may also say so. Never from required: that would skip the permission.
  up_to_date: ['unknown', 'permitted', 'in_progress', 'up_to_date'],
};

/** What an admin (not a superadmin) may ask: starting the permitted upgrade and finishing it. */
const ADMIN_MAY: Record<UpdateStatus, readonly CurrentUpdateStatus[]> = {
  required: [],
  permitted: [],
  in_progress: ['permitted'],
  up_to_date: ['in_progress'],
};

const label = (status: CurrentUpdateStatus) => status.replace('_', ' ');

/** Whether `actor` may move the update status from `from` to `to`, and why not. */
export const updateTransition = (
  from: CurrentUpdateStatus,
  to: UpdateStatus,
  actor: UpdateActor,
): UpdateTransition => {
  if (actor !== 'superadmin' && (to === 'required' || to === 'permitted'))
    return { ok: false, refusal: 'forbidden', message: `Only a superadmin may mark an update ${label(to)}` };
  if (!ENTERED_FROM[to].includes(from)) {
    const withoutPermission = to === 'in_progress' || (to === 'up_to_date' && from === 'required');
    return withoutPermission
      ? { ok: false, refusal: 'UPDATE_NOT_PERMITTED', message: updateMessages.notPermitted }
      : {
          ok: false,
          refusal: 'UPDATE_TRANSITION_REFUSED',
          message: `The update status cannot go from ${label(from)} to ${label(to)}`,
        };
  }
  if (actor !== 'superadmin' && !ADMIN_MAY[to].includes(from))
    return {
      ok: false,
      refusal: 'forbidden',
      message: `Only a superadmin may mark an update ${label(to)} now`,
    };
  return { ok: true };
};

/** The status the Upgrade Management form pre-selects: the loaded one when it is a step before done. */
export const formStatusFor = (current: CurrentUpdateStatus): UpdateStatus =>
  current === 'in_progress' || current === 'permitted' || current === 'required' ? current : 'required';

/** The history row action a status offers: Permit a required one, Mark Up to Date a permitted one. */
export const historyActionFor = (status: UpdateStatus): { label: string; to: UpdateStatus } | null =>
  status === 'required'
    ? { label: 'Permit', to: 'permitted' }
    : status === 'permitted'
      ? { label: 'Mark Up to Date', to: 'up_to_date' }
      : null;
