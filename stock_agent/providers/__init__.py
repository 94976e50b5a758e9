"""Model server clients: the loop's neutral messages in, one neutral reply out.

Loaded only when a real model is used, so `--mock` never imports the HTTP stack. One module
per wire format, each a subclass of shared.ChatClient with `provider`, `model`, `base_url`
and `chat(messages, tools, *, timeout)`:

    ollama.py      Ollama's POST /api/chat
    openai.py      OpenAI-compatible POST /v1/chat/completions (llama.cpp, vLLM, LM Studio)
    anthropic.py   Anthropic's POST /v1/messages
    shared.py      ChatClient (the exchange every format makes) and what the three share:
                   the wire cache, request bodies, keys, error text, the neutral reply
    transport.py   HTTP: one request, one answer, every failure one AgentError

`make_client` below is the factory for `--provider`. The neutral reply every client returns
is described in agent.py.
"""


def make_client(provider, *, base_url, model, environ, num_ctx, num_predict, stream=False,
                on_text=None, deadline=None, lang="en", think=False):
    """The client for `--provider`, configured from flags and environment, or AgentError.
    A bad server URL is refused here, before anything is sent; listing the server's models
    for a NO_MODEL hint ends by `deadline` (a time.monotonic() value). `lang` is the language
    of the one text a client writes to the model (a correction); `think` (Ollama's field)
    only the Ollama client sends."""
    if provider == "openai":
        from stock_agent.providers import openai
        return openai.openai_client(base_url=base_url, model=model, environ=environ,
                                    num_predict=num_predict, stream=stream, on_text=on_text,
                                    deadline=deadline, lang=lang)
    if provider == "anthropic":
        from stock_agent.providers import anthropic
        return anthropic.anthropic_client(base_url=base_url, model=model, environ=environ,
                                          num_predict=num_predict, stream=stream,
                                          on_text=on_text, deadline=deadline, lang=lang)
    from stock_agent.providers import ollama
    return ollama.ollama_client(base_url=base_url, model=model, environ=environ,
                                num_ctx=num_ctx, num_predict=num_predict, stream=stream,
                                on_text=on_text, deadline=deadline, lang=lang, think=think)
