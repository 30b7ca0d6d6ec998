import type { TMessageTemplateParams, TMessageTemplateRequest, TMessageTemplateView } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { messageKeys } from './keys';

/** A template's address: `/message-templates/{event}/{channel}/{language}`. */
export const templatePath = ({ event, channel, language }: TMessageTemplateParams) =>
  `/message-templates/${event}/${channel}/${language}`;

type TTemplateAnswer = { message: string; template: TMessageTemplateView };

/** PUT /message-templates/{event}/{channel}/{language} → {message, template}: the admin's words. */
export const saveTemplate = ({
  params,
  body,
}: {
  params: TMessageTemplateParams;
  body: TMessageTemplateRequest;
}) => api.put<TTemplateAnswer>(templatePath(params), body);

/** DELETE /message-templates/{event}/{channel}/{language} → {message, template}: back to the product's words. */
export const resetTemplate = (params: TMessageTemplateParams) =>
  api.delete<TTemplateAnswer>(templatePath(params));

const useTemplateMutation = <V>(mutationFn: (variables: V) => Promise<TTemplateAnswer>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.templates }),
  });
};

export const useSaveTemplate = () => useTemplateMutation(saveTemplate);
export const useResetTemplate = () => useTemplateMutation(resetTemplate);
