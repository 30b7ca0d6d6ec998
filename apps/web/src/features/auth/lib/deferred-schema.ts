import { schemaResolver } from '@mantine/form';

type TFormSchema = Parameters<typeof schemaResolver>[0];

/**
 * A form schema fetched in its own chunk. The validation library is the largest piece of the
 * sign-in page's JavaScript, and the page can be drawn without it: the schema is asked for when the
 * visitor first reaches a field, and a check made before it arrives waits for it (`load`).
 */
export type TDeferredSchema<S extends TFormSchema> = {
  /** The schema once it has arrived. */
  current: () => S | undefined;
  /** Starts fetching the schema (once) and resolves with it. */
  load: () => Promise<S>;
};

export const deferSchema = <S extends TFormSchema>(importSchema: () => Promise<S>): TDeferredSchema<S> => {
  let loaded: S | undefined;
  let pending: Promise<S> | undefined;
  return {
    current: () => loaded,
    load: () => {
      pending ??= importSchema().then((schema) => {
        loaded = schema;
        return schema;
      });
      return pending;
    },
  };
};

/** The form's `validate` for a deferred schema: nothing is refused until the schema has arrived. */
export const deferredResolver =
  <S extends TFormSchema>(deferred: TDeferredSchema<S>) =>
  (values: Record<string, unknown>) => {
    const schema = deferred.current();
    return schema === undefined ? {} : schemaResolver(schema, { sync: true })(values);
  };
