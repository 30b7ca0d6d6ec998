import type { TFieldTranslation } from '..';

/** Tamil: the field agent's and the borrower's screens; the office's fall back to English. */
export const catalogue: TFieldTranslation = {
  common: {
    language: 'மொழி',
  },
  auth: {
    email: 'மின்னஞ்சல்',
    emailPlaceholder: 'you@example.com',
    password: 'கடவுச்சொல்',
    signIn: {
      title: 'மீண்டும் வருக',
      subtitle: 'உங்கள் கணக்கில் உள்நுழையுங்கள்',
      forgotPassword: 'கடவுச்சொல் மறந்துவிட்டதா?',
      submit: 'உள்நுழை',
      backHome: '← முகப்புக்குத் திரும்பு',
      createAccount: 'புதிய கணக்கைத் தொடங்கு',
      success: 'உள்நுழைந்துவிட்டீர்கள்',
      failed: 'உள்நுழைய முடியவில்லை',
    },
  },
  errors: {
    INVALID_CREDENTIALS: 'மின்னஞ்சல் அல்லது கடவுச்சொல் தவறு',
    ACCOUNT_INACTIVE: 'உங்கள் கணக்கு செயலில் இல்லை. அலுவலகத்தைத் தொடர்பு கொள்ளுங்கள்.',
    ACCOUNT_LOCKED: 'பலமுறை தவறாக உள்நுழைய முயன்றீர்கள். சிறிது நேரம் கழித்து மீண்டும் முயலுங்கள்.',
    TOO_MANY_ATTEMPTS: 'மிக அதிக முயற்சிகள். சிறிது நேரம் கழித்து மீண்டும் முயலுங்கள்.',
  },
};
