import type { THolidayPreview, THolidayRequest } from '@lending/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** POST /holidays/preview {date, name} → how many loans and instalments declaring it would move; nothing written. */
export const previewHoliday = (body: THolidayRequest) => api.post<THolidayPreview>('/holidays/preview', body);

export const usePreviewHoliday = () => useMutation({ mutationFn: previewHoliday });
