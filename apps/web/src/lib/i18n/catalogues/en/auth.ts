/** Sign-in, registration and the password screens. */
export const auth = {
  email: 'Email',
  emailPlaceholder: 'you@example.com',
  password: 'Password',
  signIn: {
    title: 'Welcome Back',
    subtitle: 'Sign in to your account',
    forgotPassword: 'Forgot password?',
    submit: 'Sign In',
    backHome: '← Back to Home',
    createAccount: 'Create new account',
    success: 'Login successful',
    failed: 'Login failed',
  },
} as const;
