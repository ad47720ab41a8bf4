/**
 * The Chinese phrase families of errors hygiene cannot fix: what DeepSeek, Qwen (DashScope), GLM
 * (Zhipu), Kimi, MiniMax and the gateways in front of them say in Chinese, by category and meaning.
 */
import { family, type CategoryPattern } from './category-pattern.js';

/** Phrase families in Chinese, by category. */
export const PHRASES_ZH: readonly CategoryPattern[] = [
  family(
    'billing',
    0.95,
    'the balance is exhausted or the account is in arrears',
    '余额不足|余额已用完|欠费|请充值|无可用资源包|额度(?:不足|已用完|已用尽|已耗尽)',
  ),
  family(
    'billing',
    0.88,
    'the plan has expired or does not include the model',
    '套餐已(?:到期|过期)|订阅已(?:到期|过期)|暂未开放.{0,20}权限',
  ),
  family(
    'rate-limit',
    0.92,
    'requests are too frequent, too many at once, or over a usage cap',
    '(?:请求|访问|调用)(?:过于|太)频繁|频率(?:过高|超限)|并发(?:数)?(?:过高|超限|超额)|速率限制|限流|访问量过大|使用上限|限额将在.{0,40}重置|(?:请求|调用)次数(?:超过|超出|已达)(?:上限|限制)|(?:其他|另一个?|上一个?|已有)的?请求(?:正在|仍在|还在)(?:进行|处理)',
  ),
  family('rate-limit', 0.88, 'the provider or the model is overloaded', '(?:系统|服务|模型|服务器)(?:当前)?繁忙|负载(?:过高|已饱和|已满)'),
  family(
    'context-length',
    0.9,
    'the prompt is longer than the model allows',
    '超长|(?:输入|内容|提示词?|prompt|上下文|消息).{0,4}过长|超出(?:了)?.{0,10}(?:长度|上下文|token)|(?:上下文|输入)长度.{0,10}(?:超过|超出)|超过.{0,10}最大长度',
  ),
  family(
    'auth',
    0.9,
    'the credentials are refused or the account may not be used',
    '鉴权失败|认证失败|身份验证失败|(?:api ?key|令牌|(?<![a-z_])token(?![a-z_]))[^参]{0,10}(?:无效|错误|非法|已?过期)|无权访问|账户.{0,6}(?:已被锁定|已被禁用|不存在|非活动)',
  ),
  family(
    'model-capability',
    0.9,
    'the model lacks a feature the request uses',
    '不支持(?:工具|函数|function|图片|图像|视觉|多模态|思考|深度思考|推理)',
  ),
  family('request', 0.9, 'the model id does not exist or was retired', '模型不存在|模型.{0,10}已下线'),
  // A relay (one-api, new-api) that has no upstream channel serving this model for the key's group.
  family('request', 0.8, 'no channel of the relay serves this model', '无可用渠道|没有可用的?渠道|模型.{0,20}(?:不可用|未配置)'),
  family('request', 0.9, 'a content filter refused the prompt or the answer', '敏感内容|内容安全|不安全或敏感|违规内容'),
  family('request', 0.7, 'a request parameter is invalid', '参数(?:错误|非法|有误)'),
  family(
    'server',
    0.8,
    'the provider failed internally or is unavailable',
    '服务器内部错误|内部错误|服务(?:暂时)?不可用|上游.{0,6}(?:错误|超时)|请求超时',
  ),
];
