import './pages.css';
import { useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { useToast } from '../../components/Toast';
import { useI18n } from '../../i18n/I18n';
import { formatDateIn } from '../../shared';
import { centsOf } from '../../wizard/format';
import { usePageMeta } from '../meta';
import { Link, navigate } from '../router';
import { displayName, signOut, useUser } from '../session';

/** Spec section 9: images only, at most 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** /profile (spec section 2): picture (choose, preview, Save or Cancel), the account card, a placeholder card. */
export default function Profile() {
  const t = useI18n();
  const a = t.web.account;
  const p = a.profile;
  usePageMeta(p.title, p.description);
  const user = useUser();
  const toast = useToast();
  const queryClient = useQueryClient();
  // Spec section 4: no selection, selected (preview), uploading, saved.
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const clear = () => {
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      clear();
      return toast({ title: p.invalidType, description: p.invalidTypeBody, variant: 'destructive' });
    }
    if (file.size > MAX_IMAGE_BYTES) {
      clear();
      return toast({ title: p.tooLarge, description: p.tooLargeBody, variant: 'destructive' });
    }
    setPreview(await readAsDataUrl(file));
  };

  const save = async () => {
    if (!preview) return;
    setUploading(true);
    try {
      await apiRequest('/api/user/profile-picture', (s) => s.ZProfilePicture, { method: 'POST', body: { profileImageData: preview } });
      toast({ title: p.updated });
      clear();
      await queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
    } catch {
      toast({ title: p.updateFailed, variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  if (user.isPending)
    return (
      <div className="page container narrow" role="status">
        {a.loading}
      </div>
    );
  if (user.isError)
    return (
      <div className="page container narrow">
        <p className="notice notice-error" role="alert">
          {a.userFailed}
        </p>
      </div>
    );
  if (!user.data)
    return (
      <div className="page container narrow">
        <h1>{p.title}</h1>
        <p>{p.logInToView}</p>
        <Link to="/sign-in?next=/profile" className="btn btn-primary">
          {t.web.shell.signIn}
        </Link>
      </div>
    );

  const u = user.data;
  const current = preview ?? u.profileImageUrl;
  return (
    <div className="page">
      <div className="container narrow">
        <div className="page-head">
          <h1>{p.title}</h1>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() =>
              void signOut(queryClient).then(() => {
                toast({ title: p.signedOut });
                navigate('/');
              })
            }
          >
            {p.signOut}
          </button>
        </div>
        <section className="card" aria-labelledby="picture-title">
          <h2 id="picture-title">{p.picture}</h2>
          <div className="picture-row">
            {current ? (
              <img className="avatar-large" src={current} alt={preview ? p.previewAlt : p.currentAlt} width={96} height={96} />
            ) : (
              <span className="avatar-large avatar-letter" aria-hidden="true">
                {(u.firstName ?? u.email ?? '?').charAt(0).toUpperCase()}
              </span>
            )}
            <div className="picture-actions">
              <label className="btn btn-secondary file-button">
                {p.chooseImage}
                <input ref={input} type="file" accept="image/*" className="visually-hidden" onChange={(e) => void choose(e)} data-testid="picture-input" />
              </label>
              {preview && (
                <div className="btn-row">
                  <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={uploading}>
                    {uploading ? p.saving : p.save}
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={clear} disabled={uploading}>
                    {p.cancel}
                  </button>
                </div>
              )}
              <p className="field-hint">{p.pictureHint}</p>
            </div>
          </div>
        </section>
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title">{p.account}</h2>
          <dl className="account-list">
            <div>
              <dt>{p.name}</dt>
              <dd>{displayName(u) ?? a.notProvided}</dd>
            </div>
            <div>
              <dt>{a.email}</dt>
              <dd>{u.email ?? a.notProvided}</dd>
            </div>
            <div>
              <dt>{p.memberSince}</dt>
              <dd>{formatDateIn(t.locale, u.joinDate)}</dd>
            </div>
            <div>
              <dt>{p.balance}</dt>
              <dd data-testid="profile-balance">{t.usd(centsOf(u.balance ?? 0))}</dd>
            </div>
          </dl>
        </section>
        <section className="card" aria-labelledby="more-title">
          <h2 id="more-title">{p.moreSettings}</h2>
          <p className="muted">{p.moreLater}</p>
        </section>
      </div>
    </div>
  );
}
