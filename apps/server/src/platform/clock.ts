export { type Clock, createClock } from '@lending/domain';
