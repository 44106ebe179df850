import type { ReactNode } from 'react';
import { useWords } from '../i18n/use-words.js';
import { useWordsMessage } from '../i18n/use-words-message.js';
import { useSiteSelector } from '../state/hooks.js';
import { isGreen, type VersionInfo } from './version-info.js';

const GREEN = '#1a7f37';
const RED = '#cf222e';

function Status({ green, children }: { green: boolean; children: ReactNode }) {
  return (
    <strong
      className={green ? 'canopy-status-good' : 'canopy-status-bad'}
      style={{ color: green ? GREEN : RED }}
    >
      {children}
    </strong>
  );
}

function Link({ href }: { href: string | null }) {
  return href ? <a href={href}>{href}</a> : <NotSet />;
}

function NotSet() {
  return <em>{useWords()('not configured')}</em>;
}

/** In the public view, in place of what only internal hosts and editors see. */
function Withheld() {
  return <em>{useWords()('shown on internal hosts only')}</em>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

function List({ items }: { items: readonly ReactNode[] }) {
  return items.length ? (
    <ul>
      {items.map((item, index) => (
        // Items are static for one render; their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index}>{item}</li>
      ))}
    </ul>
  ) : (
    <NotSet />
  );
}

/** The rows of the version page, in the spec's order. */
function VersionTable({ info }: { info: VersionInfo }) {
  const text = useWords();
  const message = useWordsMessage();
  const servers: [string, string | null][] = [
    ['web', info.servers.web],
    ['preview', info.servers.preview],
    ['api', info.servers.api],
    ['cms', info.servers.cms],
    ['iis', info.servers.iis],
    ['iis preview', info.servers.iisPreview],
  ];
  const api = info.deliveryApi;
  const full = info.detail === 'full';
  return (
    <table className="canopy-version-table">
      <tbody>
        <Row label={text('Package')}>
          {info.packageName}
          {info.packageVersion ? ` ${info.packageVersion}` : null}
        </Row>
        <Row label={text('Repository')}>{full ? <Link href={info.repository} /> : <Withheld />}</Row>
        <Row label={text('Pipeline')}>
          {full ? <Link href={info.pipelineUrl} /> : <Withheld />}
          {info.buildNo ? ` ${message('(build {build})', { build: info.buildNo })}` : null}
        </Row>
        <Row label={text('Commit')}>
          {!full ? (
            <Withheld />
          ) : info.commitUrl ? (
            <a href={info.commitUrl}>{info.commitRef}</a>
          ) : (
            (info.commitRef ?? <NotSet />)
          )}
        </Row>
        <Row label={text('Project')}>{info.project}</Row>
        <Row label={text('Content version status')}>
          <Status green={isGreen('contentVersionStatus', info)}>{info.contentVersionStatus}</Status>
        </Row>
        <Row label={text('Environment alias')}>{info.environmentAlias ?? <NotSet />}</Row>
        <Row label={text('Public URI')}>
          <Link href={info.publicUri} />
        </Row>
        <Row label={text('Package versions')}>
          {full ? (
            <List
              items={Object.entries(info.packageVersions).map(([name, version]) => `${name} ${version}`)}
            />
          ) : (
            <Withheld />
          )}
        </Row>
        <Row label={text('Servers')}>
          <List
            items={servers.map(([name, url]) => (
              <>
                {name}: {url ? <a href={url}>{url}</a> : full || name === 'web' ? <NotSet /> : <Withheld />}
              </>
            ))}
          />
        </Row>
        <Row label={text('Reverse proxy paths')}>
          <List items={info.reverseProxyPaths} />
        </Row>
        <Row label={text('Projects')}>
          <List
            items={info.projects.map((project) => (
              <>
                {project.id}:{' '}
                {project.publicUri ? <a href={project.publicUri}>{project.publicUri}</a> : <NotSet />}
              </>
            ))}
          />
        </Row>
        <Row label={text('Delivery API')}>
          <List
            items={[
              api.rootUrl ? (
                `${text('root URL:')} ${api.rootUrl}`
              ) : (
                <>
                  {`${text('root URL:')} `}
                  <Withheld />
                </>
              ),
              message('project: {project}', { project: api.projectId }),
              message('language: {language}', { language: api.language }),
              message('access token: {token}', { token: api.accessToken }),
              message('preview token: {token}', { token: api.previewToken }),
              message('cache: {entries} entries, {seconds} s', {
                entries: api.cacheEntries,
                seconds: api.cacheSeconds,
              }),
            ]}
          />
        </Row>
        <Row label={text('Delivery API requests proxied')}>
          {info.proxyDeliveryApi ? text('yes') : text('no')}
        </Row>
        <Row label={text('Server-side inline state disabled')}>
          {info.disableInlineState ? text('yes') : text('no')}
        </Row>
        <Row label={text('Runtime environment')}>
          <Status green={isGreen('environment', info)}>{info.environment}</Status>
        </Row>
      </tbody>
    </table>
  );
}

/** The version information page (website spec §2), for developers and operators. */
export function VersionPage() {
  const info = useSiteSelector((state) => state.version.info);
  const text = useWords();
  return (
    <section className="canopy-version">
      <h1>{text('Version information')}</h1>
      {info?.detail === 'public' ? (
        <p className="canopy-version-note">
          {text(
            'This is a live host: exact versions, the build and internal addresses are shown on internal hosts (localhost, preview-, cms- and api- hosts) and to signed-in editors only.',
          )}
        </p>
      ) : null}
      {info ? <VersionTable info={info} /> : <p>{text('Version information is not available.')}</p>}
    </section>
  );
}
