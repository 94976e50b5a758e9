"""--chat and --continue: a conversation, its record, and the history each question gets.

The wing's entry points, in the order a conversation uses them: `questions(settings)` reads
the questions (--question, else one per line of standard input), `converse(...)` answers
them one after another as one conversation (session.py: the record; context.py: the
history the model sees), and `report_each(...)` prints each answer as it ends (io.py).

    $ printf 'Check A001\nAnd A002?\n' | python agent.py --mock --chat
"""

import sys


def questions(settings):
    """The conversation's questions: --question alone, else the lines of standard input."""
    if settings.question:
        return [settings.question]
    from stock_agent.chat import io
    return io.questions(sys.stdin, settings.lang)


def converse(questions, *, settings, prepare, run, listener=None):
    from stock_agent.chat import session
    return session.converse(questions, settings=settings, prepare=prepare, run=run,
                            listener=listener)


def report_each(outcomes, settings, *, echo=None):
    from stock_agent.chat import io
    return io.report_each(outcomes, settings, echo=echo)
