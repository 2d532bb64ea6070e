#!/usr/bin/env python3
"""Writes the demo assistant's labelled tool-calling sets (issue 22).

Now is Saturday 2026-12-05T12:00:00+08:00 (Asia/Shanghai); every expected date
below is relative to it. Run from the package root:

    python3 Tools/Evaluation/generate-demo-sets.py

Output: Tests/AgentSkillOfflineTests/Fixtures/Evaluation/demo-single.jsonl
(one user turn per case) and demo-dialogues.jsonl (several turns, each judged).
"""
import itertools
import json
import os

OUT = "Tests/AgentSkillOfflineTests/Fixtures/Evaluation"

TODAY, TOMORROW, AFTER = "2026-12-05", "2026-12-06", "2026-12-07"
CITIES = [
    ("北京", "Beijing"), ("上海", "Shanghai"), ("广州", "Guangzhou"), ("深圳", "Shenzhen"), ("杭州", "Hangzhou"),
    ("成都", "Chengdu"), ("南京", "Nanjing"), ("武汉", "Wuhan"), ("西安", "Xi'an"), ("重庆", "Chongqing"),
    ("天津", "Tianjin"), ("苏州", "Suzhou"), ("厦门", "Xiamen"), ("青岛", "Qingdao"), ("长沙", "Changsha"),
    ("哈尔滨", "Harbin"), ("昆明", "Kunming"),
]
CATEGORIES = [("餐饮", "food"), ("交通", "transport"), ("购物", "shopping"), ("娱乐", "entertainment")]


def call(name, **arguments):
    return {"outcome": "call", "calls": [{"name": name, "arguments": arguments}]}


NONE = {"outcome": "none"}
CLARIFY = {"outcome": "clarify"}


def city(zh, en):
    return {"oneOf": [zh, en]}


def day(value):
    # today may also be left out: the weather skill defaults to today
    return {"optional": {"day": value}} if value == TODAY else {"day": value}


def weather(zh, en, date):
    return call("weather", city=city(zh, en), date=day(date))


def category(zh, en):
    return {"oneOf": [zh, en, en.capitalize()]}


def ledger(first, last, cat=None):
    arguments = {"from": first if isinstance(first, dict) else {"day": first},
                 "to": last if isinstance(last, dict) else {"day": last}}
    if cat:
        arguments["category"] = category(*cat)
    return call("ledger_query", **arguments)


def reminder(title, at):
    return call("create_reminder", title={"text": title}, at={"instant": at + ":00+08:00"})


single, dialogues = [], []


def add(category_name, prefix, user, expect):
    single.append({"id": f"{prefix}-{len(single) + 1:03d}", "category": category_name,
                   "turns": [{"user": user, "expect": expect}]})


def dialogue(category_name, turns):
    dialogues.append({"id": f"dialogue-{len(dialogues) + 1:03d}", "category": category_name,
                      "turns": [{"user": user, "expect": expect} for user, expect in turns]})


# MARK: Weather

ZH_WEATHER_DATES = [("今天", TODAY), ("明天", TOMORROW), ("后天", AFTER), ("", TODAY), ("周一", "2026-12-07"),
                    ("星期二", "2026-12-08"), ("周日", TOMORROW)]
ZH_WEATHER = ["{c}{d}天气怎么样", "{d}{c}会下雨吗", "{c}{d}冷不冷", "查一下{c}{d}的天气", "{c}{d}气温多少"]
for index, (zh, en) in enumerate(CITIES):
    for step in range(3):
        template = ZH_WEATHER[(index + step) % len(ZH_WEATHER)]
        word, date = ZH_WEATHER_DATES[(index * 3 + step) % len(ZH_WEATHER_DATES)]
        add("weather", "weather-zh", template.format(c=zh, d=word), weather(zh, en, date))

EN_WEATHER_DATES = [("today", TODAY), ("tomorrow", TOMORROW), ("the day after tomorrow", AFTER), ("", TODAY),
                    ("on Monday", "2026-12-07"), ("on Tuesday", "2026-12-08")]
EN_WEATHER = ["What's the weather in {c} {d}?", "Will it rain in {c} {d}?", "{c} weather {d}",
              "How cold is it in {c} {d}?", "Weather forecast for {c} {d}"]
for index, (zh, en) in enumerate(CITIES):
    for step in range(3):
        template = EN_WEATHER[(index + step) % len(EN_WEATHER)]
        word, date = EN_WEATHER_DATES[(index * 3 + step) % len(EN_WEATHER_DATES)]
        text = " ".join(template.format(c=en, d=word).split()).replace(" ?", "?")
        add("weather", "weather-en", text, weather(zh, en, date))

# MARK: Ledger

ZH_PERIODS = [
    ("今天", TODAY, TODAY), ("昨天", "2026-12-04", "2026-12-04"), ("前天", "2026-12-03", "2026-12-03"),
    ("本周", "2026-11-30", {"oneOf": [TODAY, TOMORROW]}), ("上周", "2026-11-23", "2026-11-29"),
    ("本月", "2026-12-01", {"oneOf": [TODAY, "2026-12-31"]}), ("上个月", "2026-11-01", "2026-11-30"),
    ("最近7天", "2026-11-29", TODAY), ("上周三", "2026-11-25", "2026-11-25"), ("12月1日", "2026-12-01", "2026-12-01"),
]
ZH_LEDGER = ["{p}花了多少钱", "看看{p}的账单", "{p}的记账明细", "{p}一共消费了多少"]
ZH_LEDGER_CATEGORY = ["{p}{k}花了多少", "{p}{k}支出多少", "查一下{p}{k}的开销"]
for index, (word, first, last) in enumerate(ZH_PERIODS):
    for step in range(2):
        add("ledger", "ledger-zh", ZH_LEDGER[(index + step) % len(ZH_LEDGER)].format(p=word), ledger(first, last))
    for step in range(3):
        cat = CATEGORIES[(index + step) % len(CATEGORIES)]
        template = ZH_LEDGER_CATEGORY[(index + step) % len(ZH_LEDGER_CATEGORY)]
        add("ledger", "ledger-zh", template.format(p=word, k=cat[0]), ledger(first, last, cat))

EN_PERIODS = [
    ("today", TODAY, TODAY), ("yesterday", "2026-12-04", "2026-12-04"),
    ("this week", "2026-11-30", {"oneOf": [TODAY, TOMORROW]}), ("last week", "2026-11-23", "2026-11-29"),
    ("this month", "2026-12-01", {"oneOf": [TODAY, "2026-12-31"]}), ("last month", "2026-11-01", "2026-11-30"),
    ("in the past 7 days", "2026-11-29", TODAY), ("last Wednesday", {"oneOf": ["2026-12-02", "2026-11-25"]}, {"oneOf": ["2026-12-02", "2026-11-25"]}),
]  # "last Wednesday" on a Saturday is this week's (most say) or last week's: either is right
EN_LEDGER = ["How much did I spend {p}?", "Show my expenses {p}", "What did I spend {p}?"]
EN_LEDGER_CATEGORY = ["How much did I spend on {k} {p}?", "Show my {k} expenses {p}", "{k} spending {p}"]
for index, (word, first, last) in enumerate(EN_PERIODS):
    for step in range(2):
        add("ledger", "ledger-en", EN_LEDGER[(index + step) % len(EN_LEDGER)].format(p=word), ledger(first, last))
    for step in range(2):
        cat = CATEGORIES[(index + step) % len(CATEGORIES)]
        template = EN_LEDGER_CATEGORY[(index + step) % len(EN_LEDGER_CATEGORY)]
        text = template.format(p=word, k=cat[1])
        add("ledger", "ledger-en", text[0].upper() + text[1:], ledger(first, last, cat))

# MARK: Reminders

ZH_TIMES = [("明天上午九点", "2026-12-06T09:00"), ("明天下午3点", "2026-12-06T15:00"), ("今天晚上8点", "2026-12-05T20:00"),
            ("下午五点", "2026-12-05T17:00"), ("后天早上7点半", "2026-12-07T07:30"), ("周一上午10点", "2026-12-07T10:00"),
            ("12月10日下午2点", "2026-12-10T14:00")]
ZH_TASKS = ["交报告", "开会", "给妈妈打电话", "买牛奶", "去健身房", "吃药", "取快递", "交房租"]
ZH_REMINDER = ["{t}提醒我{k}", "提醒我{t}{k}", "{t}记得提醒我{k}"]
for index, (time, at) in enumerate(ZH_TIMES):
    for step in range(4):
        task = ZH_TASKS[(index * 4 + step) % len(ZH_TASKS)]
        template = ZH_REMINDER[(index + step) % len(ZH_REMINDER)]
        add("reminder", "reminder-zh", template.format(t=time, k=task), reminder(task, at))

EN_TIMES = [("tomorrow at 9am", "2026-12-06T09:00"), ("tomorrow at 3pm", "2026-12-06T15:00"),
            ("at 8pm tonight", "2026-12-05T20:00"), ("at 5 pm today", "2026-12-05T17:00"),
            ("on Monday at 10am", "2026-12-07T10:00"), ("on December 10 at 2pm", "2026-12-10T14:00")]
EN_TASKS = ["submit the report", "call mom", "buy milk", "go to the gym", "take my medicine", "pick up the package"]
EN_REMINDER = ["Remind me to {k} {t}", "Set a reminder {t} to {k}", "remind me {t} to {k}"]
for index, (time, at) in enumerate(EN_TIMES):
    for step in range(3):
        task = EN_TASKS[(index * 3 + step) % len(EN_TASKS)]
        template = EN_REMINDER[(index + step) % len(EN_REMINDER)]
        add("reminder", "reminder-en", template.format(t=time, k=task), reminder(task, at))

for text in ["我有哪些提醒", "查看提醒", "看看我的提醒", "提醒列表", "我所有的提醒", "提醒有哪些",
             "Show my reminders", "List my reminders", "list reminders", "upcoming reminders", "show reminders please",
             "What are my reminders?"]:
    add("reminder-list", "reminder-list", text, call("list_reminders"))

# MARK: Out of scope, small talk, clarification

for text in ["讲个笑话", "今天股市怎么样", "帮我订一张去上海的机票", "把hello翻译成中文", "1加1等于几", "你是谁", "你好", "谢谢",
             "再见", "写一首诗", "推荐一部电影", "帮我叫个车", "北京有什么好吃的", "上海到北京有多远", "帮我发一封邮件",
             "播放一首歌", "今天是几号", "你会做什么菜", "给我讲讲量子力学", "怎么学英语", "附近有咖啡店吗", "帮我写个简历",
             "Tell me a joke", "What's the capital of France?", "Book a flight to Tokyo", "Play some music", "hi",
             "thanks", "Good morning", "How are you?", "Translate hello into French", "What is 2+2?",
             "Who won the World Cup?", "Order a pizza", "Send an email to Bob", "Write me a poem",
             "Recommend a movie", "What is the meaning of life?", "Explain quantum computing",
             "How do I cook rice?", "asdfghjkl", "🙂🙂", "ok", "Call a taxi", "What's Bitcoin worth today?",
             "How far is Shanghai from Beijing?", "Good night", "Who are you?"]:
    add("out-of-scope", "none", text, NONE)

for text in ["天气怎么样", "明天天气怎么样", "会下雨吗", "提醒我", "提醒我开会", "设个提醒", "weather please",
             "What's the weather tomorrow?", "Will it rain?", "remind me to call mom", "Set a reminder",
             "明天会下雪吗"]:
    add("clarify", "clarify", text, CLARIFY)

# MARK: Dialogues

for zh, en in CITIES[:10]:
    dialogue("slot-filling", [("天气怎么样", CLARIFY), (zh, weather(zh, en, TODAY))])
for zh, en in CITIES[10:16]:
    dialogue("slot-filling", [("What's the weather like?", CLARIFY), (en, weather(zh, en, TODAY))])
for (zh, en), (zh2, en2) in zip(CITIES[:8], CITIES[8:16]):
    dialogue("follow-up", [(f"{zh}今天天气怎么样", weather(zh, en, TODAY)), (f"那{zh2}呢？", weather(zh2, en2, TODAY))])
for (zh, en), (zh2, en2) in zip(CITIES[2:6], CITIES[12:16]):
    dialogue("follow-up", [(f"What's the weather in {en}?", weather(zh, en, TODAY)),
                           (f"What about {en2}?", weather(zh2, en2, TODAY))])
for (zh, en), (word, date) in zip(CITIES[:6], [("明天呢？", TOMORROW), ("后天呢？", AFTER), ("那明天呢", TOMORROW),
                                              ("周一呢？", "2026-12-07"), ("明天会下雨吗", TOMORROW), ("后天呢", AFTER)]):
    dialogue("follow-up", [(f"{zh}天气怎么样", weather(zh, en, TODAY)), (word, weather(zh, en, date))])
for (zh, en), (word, date) in zip(CITIES[6:10], [("And tomorrow?", TOMORROW), ("What about tomorrow?", TOMORROW),
                                                 ("And the day after tomorrow?", AFTER), ("How about Monday?", "2026-12-07")]):
    dialogue("follow-up", [(f"What's the weather in {en}?", weather(zh, en, TODAY)), (word, weather(zh, en, date))])
dialogue("follow-up", [("上周花了多少钱", ledger("2026-11-23", "2026-11-29")),
                       ("上上周呢？", ledger("2026-11-16", "2026-11-22"))])
dialogue("follow-up", [("上个月花了多少钱", ledger("2026-11-01", "2026-11-30")),
                       ("上上个月呢？", ledger("2026-10-01", "2026-10-31"))])
dialogue("follow-up", [("How much did I spend last week?", ledger("2026-11-23", "2026-11-29")),
                       ("And the week before?", ledger("2026-11-16", "2026-11-22"))])
for (zh, en), (zh2, en2) in [(CATEGORIES[0], CATEGORIES[1]), (CATEGORIES[1], CATEGORIES[2]),
                             (CATEGORIES[2], CATEGORIES[3])]:
    dialogue("follow-up", [(f"上个月{zh}花了多少", ledger("2026-11-01", "2026-11-30", (zh, en))),
                           (f"那{zh2}呢？", ledger("2026-11-01", "2026-11-30", (zh2, en2)))])
dialogue("follow-up", [("昨天花了多少钱", ledger("2026-12-04", "2026-12-04")),
                       ("前天呢？", ledger("2026-12-03", "2026-12-03"))])
for (zh, en), (time, at), task in zip(CITIES[:5], ZH_TIMES[:5], ["带伞", "买菜", "取快递", "交报告", "开会"]):
    dialogue("switch-tool", [(f"{zh}明天天气怎么样", weather(zh, en, TOMORROW)),
                             (f"{time}提醒我{task}", reminder(task, at))])
dialogue("switch-tool", [("上周花了多少钱", ledger("2026-11-23", "2026-11-29")),
                         ("北京明天天气怎么样", weather("北京", "Beijing", TOMORROW))])
dialogue("switch-tool", [("What's the weather in Shanghai tomorrow?", weather("上海", "Shanghai", TOMORROW)),
                         ("Remind me to bring an umbrella tomorrow at 8am",
                          reminder("bring an umbrella", "2026-12-06T08:00"))])
dialogue("switch-tool", [("明天上午九点提醒我开会", reminder("开会", "2026-12-06T09:00")),
                         ("我有哪些提醒", call("list_reminders"))])
dialogue("switch-tool", [("Remind me to call mom tomorrow at 9am", reminder("call mom", "2026-12-06T09:00")),
                         ("Show my reminders", call("list_reminders"))])
for task, (time, at) in zip(["开会", "交报告", "给妈妈打电话", "买牛奶", "取快递"], ZH_TIMES):
    dialogue("slot-filling", [(f"提醒我{task}", CLARIFY), (time, reminder(task, at))])
for task, (time, at) in zip(["call mom", "buy milk", "submit the report"], EN_TIMES):
    dialogue("slot-filling", [(f"Remind me to {task}", CLARIFY), (time, reminder(task, at))])
for (zh, en), thanks in zip(CITIES[:5], ["谢谢", "好的，谢谢", "知道了", "thanks", "ok thanks"]):
    dialogue("confirmation", [(f"{zh}天气怎么样", weather(zh, en, TODAY)), (thanks, NONE)])
for (zh, en), text in zip(CITIES[5:9], ["讲个笑话", "今天股市怎么样", "tell me a joke", "你是谁"]):
    dialogue("out-of-scope", [(f"{zh}天气怎么样", weather(zh, en, TODAY)), (text, NONE)])
dialogue("correction", [("提醒我明天上午九点交报告", reminder("交报告", "2026-12-06T09:00")),
                        ("不对，改成明天上午十点", reminder("交报告", "2026-12-06T10:00"))])
dialogue("correction", [("北京明天天气怎么样", weather("北京", "Beijing", TOMORROW)),
                        ("不是北京，是上海", weather("上海", "Shanghai", TOMORROW))])
dialogue("correction", [("上周餐饮花了多少", ledger("2026-11-23", "2026-11-29", CATEGORIES[0])),
                        ("我是说本周", ledger("2026-11-30", {"oneOf": [TODAY, TOMORROW]}, CATEGORIES[0]))])
# Corrections in other words and in English: the correction changes one argument and keeps the others.
dialogue("correction", [("What's the weather in Beijing tomorrow?", weather("北京", "Beijing", TOMORROW)),
                        ("No, I meant Shanghai", weather("上海", "Shanghai", TOMORROW))])
dialogue("correction", [("Remind me to call mom tomorrow at 9am", reminder("call mom", "2026-12-06T09:00")),
                        ("No, make it 10am", reminder("call mom", "2026-12-06T10:00"))])
dialogue("correction", [("How much did I spend on food last week?", ledger("2026-11-23", "2026-11-29", CATEGORIES[0])),
                        ("I meant this week", ledger("2026-11-30", {"oneOf": [TODAY, TOMORROW]}, CATEGORIES[0]))])
dialogue("correction", [("广州后天天气怎么样", weather("广州", "Guangzhou", AFTER)),
                        ("不对，是明天", weather("广州", "Guangzhou", TOMORROW))])
dialogue("correction", [("提醒我明天下午三点开会", reminder("开会", "2026-12-06T15:00")),
                        ("不是三点，是四点", reminder("开会", "2026-12-06T16:00"))])
dialogue("correction", [("上个月交通花了多少", ledger("2026-11-01", "2026-11-30", CATEGORIES[1])),
                        ("不对，是购物", ledger("2026-11-01", "2026-11-30", CATEGORIES[2]))])
dialogue("correction", [("杭州天气怎么样", weather("杭州", "Hangzhou", TODAY)),
                        ("错了，我要查成都", weather("成都", "Chengdu", TODAY))])
dialogue("correction", [("What's the weather in Nanjing on Monday?", weather("南京", "Nanjing", "2026-12-07")),
                        ("Sorry, I meant Tuesday", weather("南京", "Nanjing", "2026-12-08"))])
dialogue("correction", [("Remind me to buy milk tomorrow at 6pm", reminder("buy milk", "2026-12-06T18:00")),
                        ("Actually, make it 7pm", reminder("buy milk", "2026-12-06T19:00"))])
dialogue("correction", [("北京明天天气怎么样", weather("北京", "Beijing", TOMORROW)),
                        ("我是说后天", weather("北京", "Beijing", AFTER))])

# Re-asking: a value the skill rejects (an unsupported city: the call is rejected, so that turn is not judged)
# or a time that does not exist is asked about, and the answer completes the request.
dialogue("re-ask", [("纽约天气怎么样", None), ("那就上海吧", weather("上海", "Shanghai", TODAY))])
dialogue("re-ask", [("What's the weather in Paris?", None), ("Beijing then", weather("北京", "Beijing", TODAY))])
dialogue("re-ask", [("拉萨明天天气怎么样", None), ("换成成都", weather("成都", "Chengdu", TOMORROW))])
dialogue("re-ask", [("伦敦天气", None), ("北京", weather("北京", "Beijing", TODAY))])
dialogue("re-ask", [("remind me at 25:00 to sleep", CLARIFY), ("11pm", reminder("sleep", "2026-12-05T23:00"))])
dialogue("re-ask", [("提醒我25点睡觉", CLARIFY), ("晚上十一点", reminder("睡觉", "2026-12-05T23:00"))])

os.makedirs(OUT, exist_ok=True)
for name, cases in [("demo-single.jsonl", single), ("demo-dialogues.jsonl", dialogues)]:
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as file:
        for case in cases:
            file.write(json.dumps(case, ensure_ascii=False, separators=(",", ":")) + "\n")
print(f"{len(single)} single-turn cases, {len(dialogues)} dialogues")
