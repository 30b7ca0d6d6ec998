import { SCREEN_LANGUAGE_NAMES, SCREEN_LANGUAGES, type TScreenLanguage } from '@lending/domain';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chooseScreenLanguage, currentScreenLanguage } from '../lib/i18n';

const OPTIONS = SCREEN_LANGUAGES.map((language) => ({
  value: language,
  label: SCREEN_LANGUAGE_NAMES[language],
}));

type TLanguagePickerProps = {
  /** Called after the screens have switched (e.g. to store the choice on the account). */
  onChosen?: (language: TScreenLanguage) => void;
};

/**
 * The language of the screens. Each language is named in itself, so that someone who reads only
 * Tamil finds "தமிழ்"; the field's name is in the current language with a language icon beside it.
 */
export const LanguagePicker = ({ onChosen }: TLanguagePickerProps) => {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('language')}
      data={OPTIONS}
      value={currentScreenLanguage()}
      leftSection={<IconLanguage size={16} aria-hidden />}
      onChange={(event) => {
        const language = event.currentTarget.value as TScreenLanguage;
        void chooseScreenLanguage(language).then(() => onChosen?.(language));
      }}
      w={130}
      data-testid="language-picker"
    />
  );
};
