"""Scorekeeping at the card table, under ``/clubs/<slug>/sittings/``; names ``scorekeeping:…``."""

from django.urls import path

from scoring.scorekeeping import views

app_name = "scorekeeping"
urlpatterns = [
    path("new/", views.start, name="start"),
    path("<int:pk>/close/", views.close, name="close"),
    path("<int:pk>/deals/new/", views.deal_new, name="deal_new"),
    path("<int:pk>/deals/undo/", views.deal_undo, name="deal_undo"),
    path("<int:pk>/deals/<int:number>/correct/", views.deal_correct, name="deal_correct"),
]
