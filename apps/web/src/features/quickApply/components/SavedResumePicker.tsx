import { type FileAnswer, formatBytes, type LeafField, type Resume } from '@placely/contract';
import { OutlinedTextField } from '../../../lib/components/OutlinedTextField';
import { useResumes } from '../../resumes/api/listResumes';
import { acceptedTypesOf, describeTypes } from './FileUploadInput';

type FileField = Extract<LeafField, { type: 'fileUpload' }>;

export interface SavedResumePickerProps {
  field: FileField;
  /** The question's answer now (an upload, a saved resume, or nothing). */
  value: FileAnswer | null;
  onPick: (file: FileAnswer) => void;
}

/** Why a saved resume cannot answer this question, or null when it can. */
export function unfitReason(field: FileField, resume: Resume): string | null {
  const types = acceptedTypesOf(field);
  if (!types.includes(resume.file.contentType)) return `not a ${describeTypes(types)} file`;
  if (resume.file.size > field.maxBytes) return `larger than ${formatBytes(field.maxBytes)}`;
  return null;
}

/**
 * The applicant's saved resumes (default first, as the server lists them) for a question that asks for a resume:
 * picking one answers it exactly as uploading that file would (the same file, no second copy). The server takes
 * only the applicant's own files. Loaded only for such a question, signed in.
 */
export function SavedResumePicker({ field, value, onPick }: SavedResumePickerProps) {
  const resumes = useResumes();
  const list = resumes.data?.resumes ?? [];
  if (list.length === 0) return null;
  const chosen = list.find((resume) => resume.file.id === value?.fileId);
  return (
    <OutlinedTextField
      size="small"
      fullWidth
      label="Use a saved resume"
      shrinkLabel
      value={chosen?.file.id ?? ''}
      sx={{ mt: 1.5, maxWidth: 480 }}
      onChange={(event) => {
        const resume = list.find((item) => item.file.id === event.target.value);
        if (!resume) return;
        const { id, name, size, contentType } = resume.file;
        onPick({ fileId: id, name, size, contentType });
      }}
      helperText="The resumes on your profile: choose one instead of uploading it again."
      nativeSelectOptions={
        <>
          <option value="" disabled>
            {value && !chosen ? 'A file you uploaded' : 'Choose a saved resume…'}
          </option>
          {list.map((resume) => {
            const reason = unfitReason(field, resume);
            return (
              <option key={resume.id} value={resume.file.id} disabled={reason !== null}>
                {resume.title} ({resume.file.name}){resume.isDefault ? ' · default' : ''}
                {reason ? ` · ${reason}` : ''}
              </option>
            );
          })}
        </>
      }
    />
  );
}
