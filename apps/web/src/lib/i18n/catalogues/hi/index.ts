import type { TFullTranslation } from '..';

/** Hindi, every screen. Written as an office worker or field agent says it, not word for word. */
export const catalogue: TFullTranslation = {
  common: {
    language: 'भाषा',
  },
  auth: {
    email: 'ईमेल',
    emailPlaceholder: 'you@example.com',
    password: 'पासवर्ड',
    signIn: {
      title: 'फिर से स्वागत है',
      subtitle: 'अपने खाते में साइन इन करें',
      forgotPassword: 'पासवर्ड भूल गए?',
      submit: 'साइन इन करें',
      backHome: '← होम पर वापस',
      createAccount: 'नया खाता बनाएँ',
      success: 'साइन इन हो गया',
      failed: 'साइन इन नहीं हो सका',
    },
  },
  errors: {
    INVALID_CREDENTIALS: 'ईमेल या पासवर्ड गलत है',
    ACCOUNT_INACTIVE: 'आपका खाता चालू नहीं है। ऑफ़िस से संपर्क करें।',
    ACCOUNT_LOCKED: 'कई बार गलत साइन इन हुआ। थोड़ी देर बाद फिर कोशिश करें।',
    TOO_MANY_ATTEMPTS: 'बहुत ज़्यादा कोशिशें हुईं। थोड़ी देर बाद फिर कोशिश करें।',
  },
};
