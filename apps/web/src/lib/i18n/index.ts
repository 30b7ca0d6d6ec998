export { FIELD_NAMESPACES } from './catalogues';
export {
  chooseScreenLanguage,
  currentScreenLanguage,
  i18n,
  initialScreenLanguage,
  LANGUAGE_STORAGE_KEY,
  showScreensIn,
} from './i18n';
