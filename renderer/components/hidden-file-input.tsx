/** The page's own file chooser, hidden: a button or a shortcut clicks it where the shell has no native dialog. */
import type { Ref } from 'react';

interface Props {
  ref: Ref<HTMLInputElement>;
  accept: string;
  testId: string;
  onFile: (file: File) => void;
}

/** A hidden `<input type="file">` that hands over the one file chosen, and forgets it so the same file can be chosen again. */
export function HiddenFileInput({ ref, accept, testId, onFile }: Props) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      data-testid={testId}
      hidden
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
