import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/text-field';
import { useStaffText } from '../hooks/use-staff-text';
import { unlockAudio } from '../utils/beep';

/** Typing a code by hand: a ticket that will not scan, a phone with a cracked screen. */
export function ManualCodeForm({ onCode }: { onCode: (code: string) => Promise<void> }) {
  const t = useStaffText();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    unlockAudio();
    const entered = code.trim();
    setMissing(entered === '');
    if (entered === '' || checking) return;
    setChecking(true);
    try {
      await onCode(entered);
      setCode('');
    } finally {
      setChecking(false);
    }
  }

  return (
    <form
      className="kassa-staff__form kassa-staff__manual"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        name="code"
        label={t('scan.manual_label')}
        hint={t('scan.manual_hint')}
        value={code}
        onChange={(value) => {
          setCode(value);
          if (value.trim()) setMissing(false);
        }}
        error={missing ? t('scan.manual_required') : undefined}
        autoComplete="off"
        maxLength={200}
      />
      <button type="submit" className="kassa-button kassa-staff__wide" aria-disabled={checking || undefined}>
        {checking ? t('scan.checking') : t('scan.manual_submit')}
      </button>
    </form>
  );
}
