import { area } from '../area';

/**
 * The language fields of every content editor: plans, goods, categories, home items, notices, channels (decision 042
 * "Content in every language").
 */
export const CONTENT_LANGUAGES = area(
  {
    'languages.title': 'Languages',
    'languages.default': 'Written in',
    'languages.defaultHint':
      'The fields above are in this language. Users whose language has no text of its own read it next: the other Chinese script first, then this one.',
    'languages.other': 'Other languages (optional)',
    'languages.empty': 'Empty: falls back',
    'languages.en': 'English',
    'languages.es': 'Spanish',
    'languages.fr': 'French',
    'languages.zh-Hans': 'Chinese (Simplified)',
    'languages.zh-Hant': 'Chinese (Traditional)',
  },
  {
    'languages.title': '多语言',
    'languages.default': '撰写语言',
    'languages.defaultHint': '上方字段使用此语言。用户的语言没有译文时，先显示另一种中文，再显示此语言。',
    'languages.other': '其他语言（选填）',
    'languages.empty': '留空：按顺序回退',
    'languages.en': '英语',
    'languages.es': '西班牙语',
    'languages.fr': '法语',
    'languages.zh-Hans': '简体中文',
    'languages.zh-Hant': '繁体中文',
  },
);
