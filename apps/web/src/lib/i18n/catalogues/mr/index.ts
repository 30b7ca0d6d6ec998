import type { TFieldTranslation } from '..';

/** Marathi: the field agent's and the borrower's screens; the office's fall back to English. */
export const catalogue: TFieldTranslation = {
  common: {
    language: 'भाषा',
  },
  auth: {
    email: 'ईमेल',
    emailPlaceholder: 'you@example.com',
    password: 'पासवर्ड',
    signIn: {
      title: 'पुन्हा स्वागत आहे',
      subtitle: 'तुमच्या खात्यात साइन इन करा',
      forgotPassword: 'पासवर्ड विसरलात?',
      submit: 'साइन इन करा',
      backHome: '← मुख्य पानावर परत',
      createAccount: 'नवीन खाते उघडा',
      success: 'साइन इन झाले',
      failed: 'साइन इन होऊ शकले नाही',
    },
  },
  errors: {
    INVALID_CREDENTIALS: 'ईमेल किंवा पासवर्ड चुकीचा आहे',
    ACCOUNT_INACTIVE: 'तुमचे खाते चालू नाही. ऑफिसशी संपर्क साधा.',
    ACCOUNT_LOCKED: 'अनेक वेळा चुकीचे साइन इन झाले. थोड्या वेळाने पुन्हा प्रयत्न करा.',
    TOO_MANY_ATTEMPTS: 'खूप प्रयत्न झाले. थोड्या वेळाने पुन्हा प्रयत्न करा.',
  },
};
