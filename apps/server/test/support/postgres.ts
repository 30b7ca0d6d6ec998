/** Names of throwaway databases; the process id keeps parallel runs on one server apart. */
export const templateDatabaseName = () => `lending_template_${process.pid}`;

export const adminUrlFor = (url: string, database?: string): string => {
  const parsed = new URL(url);
  if (database) parsed.pathname = `/${database}`;
  return parsed.toString();
};
