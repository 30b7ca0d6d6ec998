/** The matrix's state: one entry per resource holding at least one action. */
export type TPermissionList = { resource: string; actions: string[] }[];

export const isGranted = (permissions: TPermissionList, resource: string, action: string): boolean =>
  permissions.some((entry) => entry.resource === resource && entry.actions.includes(action));

/** Ticks or unticks one cell; a resource left with no action drops out, as the server stores it. */
export const togglePermission = (
  permissions: TPermissionList,
  resource: string,
  action: string,
): TPermissionList => {
  const granted = isGranted(permissions, resource, action);
  const current = permissions.find((entry) => entry.resource === resource)?.actions ?? [];
  const actions = granted ? current.filter((a) => a !== action) : [...current, action];
  const others = permissions.filter((entry) => entry.resource !== resource);
  return actions.length === 0 ? others : [...others, { resource, actions }];
};

/** Ticks a whole row when any cell is empty, else clears it. */
export const toggleResource = (
  permissions: TPermissionList,
  resource: string,
  actions: readonly string[],
): TPermissionList => {
  const full = actions.every((action) => isGranted(permissions, resource, action));
  const others = permissions.filter((entry) => entry.resource !== resource);
  return full ? others : [...others, { resource, actions: [...actions] }];
};

/** How many resource × action cells a role holds. */
export const permissionCount = (permissions: TPermissionList): number =>
  permissions.reduce((sum, entry) => sum + entry.actions.length, 0);
