import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { LinkOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useI18n } from '../lib/i18n-context';

/**
 * The notice editor (Tiptap 3, decision 028 "Content in the console"): only what the server's sanitizer keeps
 * (paragraphs, bold, italic, h3/h4 headings, lists, links), so what the editor shows is what users get. Its own
 * lazy chunk: the notices page loads it when an editor opens.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [3, 4] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
  }),
];

const LINK = /^(https?:\/\/|mailto:)/i;

export default function RichEditor({
  value,
  onChange,
  label,
}: {
  readonly value: string;
  readonly onChange: (html: string) => void;
  readonly label: string;
}) {
  const { t } = useI18n();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: { attributes: { class: 'rich-editor__content', 'aria-label': label, role: 'textbox' } },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h3: current.isActive('heading', { level: 3 }),
      h4: current.isActive('heading', { level: 4 }),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });

  function setLink() {
    const previous = (editor.getAttributes('link') as { href?: string }).href ?? '';
    const href = window.prompt(t('editor.linkPrompt'), previous);
    if (href === null) return;
    if (href.trim() === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    if (!LINK.test(href.trim())) {
      window.alert(t('editor.linkRule'));
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  }

  const tool = (key: string, text: string, pressed: boolean, run: () => void, content: React.ReactNode) => (
    <Tooltip title={text} key={key}>
      <Button
        size="small"
        type={pressed ? 'primary' : 'default'}
        aria-label={text}
        aria-pressed={pressed}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      >
        {content}
      </Button>
    </Tooltip>
  );

  return (
    <div className="rich-editor">
      <Space wrap size={4} className="rich-editor__toolbar" role="toolbar">
        {tool('bold', t('editor.bold'), active.bold, () => editor.chain().focus().toggleBold().run(), <b>B</b>)}
        {tool('italic', t('editor.italic'), active.italic, () => editor.chain().focus().toggleItalic().run(), <i>I</i>)}
        {tool(
          'h3',
          t('editor.heading'),
          active.h3,
          () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
          'H3',
        )}
        {tool(
          'h4',
          t('editor.subheading'),
          active.h4,
          () => editor.chain().focus().toggleHeading({ level: 4 }).run(),
          'H4',
        )}
        {tool(
          'bullets',
          t('editor.bullets'),
          active.bullets,
          () => editor.chain().focus().toggleBulletList().run(),
          '•',
        )}
        {tool(
          'numbers',
          t('editor.numbers'),
          active.numbers,
          () => editor.chain().focus().toggleOrderedList().run(),
          '1.',
        )}
        {tool('link', t('editor.link'), active.link, setLink, <LinkOutlined />)}
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
