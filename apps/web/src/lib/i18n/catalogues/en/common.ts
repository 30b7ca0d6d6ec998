/** Words shared by every area. English is the source: these are the product's own texts. */
export const common = {
  language: 'Language',
} as const;
