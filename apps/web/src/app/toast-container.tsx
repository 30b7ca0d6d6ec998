// A module of its own so that the toasts' container can be loaded lazily: a dynamic import of the
// library's entry would pull all of it in with every static import of its toast store.
export { Notifications as ToastContainer } from '@mantine/notifications';
