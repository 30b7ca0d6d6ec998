import type { TMessageTemplateView } from '@lending/domain';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useWhileOpen } from '../../../lib/use-while-open';
import { TemplateEditor } from './template-editor';

type TTemplateEditorModalProps = { template: TMessageTemplateView | null; onClose: () => void };

/** Edit template: the words, the provider's id, the variables to insert and a live preview. */
export const TemplateEditorModal = ({ template, onClose }: TTemplateEditorModalProps) => {
  const shown = useWhileOpen(template, template !== null);
  return (
    <ResponsiveModal opened={template !== null} onClose={onClose} title="Edit template" size="xl">
      {shown === null ? null : (
        <TemplateEditor
          key={`${shown.event}-${shown.channel}-${shown.language}-${shown.updated_at ?? ''}`}
          template={shown}
          onClose={onClose}
        />
      )}
    </ResponsiveModal>
  );
};
