/**
 * RBI's day-end classification (docs/classification.md): the close job and its schedule, the SMA/NPA
 * register and its exports, a loan's class and the closes' history.
 */
export { closeTimeOf, DAY_END_CHECK_MS, dayEndClose, enqueueDueCloses } from './close-job';
export { closeBusinessDay } from './close-service';
export { classificationRoutes } from './routes';
