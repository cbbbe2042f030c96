import './pages.css';
import { useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { useToast } from '../../components/Toast';
import { formatUsd } from '../../shared';
import { centsOf } from '../../wizard/format';
import { usePageMeta } from '../meta';
import { Link, navigate } from '../router';
import { displayName, signOut, useUser } from '../session';

/** Spec section 9: images only, at most 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const memberSince = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

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
  usePageMeta('Profile', 'Your account and profile picture.');
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
      return toast({ title: 'Invalid file type', description: 'Please select an image file (PNG, JPG, JPEG, etc.)', variant: 'destructive' });
    }
    if (file.size > MAX_IMAGE_BYTES) {
      clear();
      return toast({ title: 'File too large', description: 'Please select an image smaller than 5MB', variant: 'destructive' });
    }
    setPreview(await readAsDataUrl(file));
  };

  const save = async () => {
    if (!preview) return;
    setUploading(true);
    try {
      await apiRequest('/api/user/profile-picture', (s) => s.ZProfilePicture, { method: 'POST', body: { profileImageData: preview } });
      toast({ title: 'Profile picture updated successfully!' });
      clear();
      await queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
    } catch {
      toast({ title: 'Failed to update profile picture. Please try again.', variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  if (user.isPending)
    return (
      <div className="page container narrow" role="status">
        Loading
      </div>
    );
  if (user.isError)
    return (
      <div className="page container narrow">
        <p className="notice notice-error" role="alert">
          Failed to fetch user
        </p>
      </div>
    );
  if (!user.data)
    return (
      <div className="page container narrow">
        <h1>Profile</h1>
        <p>Please log in to view your profile.</p>
        <Link to="/sign-in?next=/profile" className="btn btn-primary">
          Sign in
        </Link>
      </div>
    );

  const u = user.data;
  const current = preview ?? u.profileImageUrl;
  return (
    <div className="page">
      <div className="container narrow">
        <div className="page-head">
          <h1>Profile</h1>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() =>
              void signOut(queryClient).then(() => {
                toast({ title: 'Signed out' });
                navigate('/');
              })
            }
          >
            Sign out
          </button>
        </div>
        <section className="card" aria-labelledby="picture-title">
          <h2 id="picture-title">Profile picture</h2>
          <div className="picture-row">
            {current ? (
              <img
                className="avatar-large"
                src={current}
                alt={preview ? 'Preview of the new profile picture' : 'Your profile picture'}
                width={96}
                height={96}
              />
            ) : (
              <span className="avatar-large avatar-letter" aria-hidden="true">
                {(u.firstName ?? u.email ?? '?').charAt(0).toUpperCase()}
              </span>
            )}
            <div className="picture-actions">
              <label className="btn btn-secondary file-button">
                Choose image
                <input ref={input} type="file" accept="image/*" className="visually-hidden" onChange={(e) => void choose(e)} data-testid="picture-input" />
              </label>
              {preview && (
                <div className="btn-row">
                  <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={uploading}>
                    {uploading ? 'Saving...' : 'Save'}
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={clear} disabled={uploading}>
                    Cancel
                  </button>
                </div>
              )}
              <p className="field-hint">PNG, JPG or another image, at most 5 MB.</p>
            </div>
          </div>
        </section>
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title">Account</h2>
          <dl className="account-list">
            <div>
              <dt>Name</dt>
              <dd>{displayName(u) ?? 'Not provided'}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{u.email ?? 'Not provided'}</dd>
            </div>
            <div>
              <dt>Member since</dt>
              <dd>{memberSince.format(new Date(u.joinDate))}</dd>
            </div>
            <div>
              <dt>Account balance</dt>
              <dd data-testid="profile-balance">{formatUsd(centsOf(u.balance ?? 0))}</dd>
            </div>
          </dl>
        </section>
        <section className="card" aria-labelledby="more-title">
          <h2 id="more-title">More settings</h2>
          <p className="muted">More account settings will come later.</p>
        </section>
      </div>
    </div>
  );
}
